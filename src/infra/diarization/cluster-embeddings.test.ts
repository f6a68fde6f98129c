import { describe, expect, it } from "vitest";
import { clusterEmbeddings, cosineDistance } from "./cluster-embeddings";

// A seeded generator: the same "random" voices every run, so a failure can be replayed.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const dimensions = 192;

/** A voice: a random unit direction in 192 dimensions (CAM++'s embedding size). */
function voice(random: () => number): number[] {
  return Array.from({ length: dimensions }, () => random() * 2 - 1);
}

/** One utterance of a voice: its direction plus noise of the given strength per dimension. */
function utterance(center: readonly number[], random: () => number, noise: number): number[] {
  return center.map((value) => value + (random() * 2 - 1) * noise);
}

describe("clusterEmbeddings", () => {
  it("finds 3 speakers in 3 well-separated voices with noise, numbered by first appearance", () => {
    const random = generator(7);
    const voices = [voice(random), voice(random), voice(random)];
    // Turns as a meeting has them: B first, then A, C, back and forth.
    const order = [1, 0, 2, 0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1];
    const embeddings = order.map((speaker) => utterance(voices[speaker] as number[], random, 0.6));
    const labels = clusterEmbeddings(embeddings, { threshold: 0.5 });
    // The first utterance's voice is 0, the next new voice 1, then 2.
    const expected = order.map((speaker) => [1, 0, 2].indexOf(speaker));
    expect(labels).toEqual(expected);
    expect(new Set(labels).size).toBe(3);
  });

  it("keeps one speaker as one, however noisy their utterances", () => {
    const random = generator(11);
    const only = voice(random);
    const embeddings = Array.from({ length: 20 }, () => utterance(only, random, 0.6));
    expect(new Set(clusterEmbeddings(embeddings, { threshold: 0.5 }))).toEqual(new Set([0]));
  });

  it("merges down to a known number of speakers, and splits none when the threshold is tiny", () => {
    const random = generator(3);
    const voices = [voice(random), voice(random), voice(random)];
    const embeddings = [0, 1, 2, 0, 1, 2].map((speaker) => utterance(voices[speaker] as number[], random, 0.6));
    expect(clusterEmbeddings(embeddings, { threshold: 0.5, numClusters: 2 }).reduce((top, label) => Math.max(top, label), 0)).toBe(1);
    expect(clusterEmbeddings(embeddings, { threshold: 0.5, numClusters: 3 })).toEqual([0, 1, 2, 0, 1, 2]);
    expect(clusterEmbeddings(embeddings, { threshold: 0.0001 })).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("handles nothing, one embedding, and a silent (zero) vector", () => {
    expect(clusterEmbeddings([], { threshold: 0.5 })).toEqual([]);
    expect(clusterEmbeddings([[1, 0]], { threshold: 0.5 })).toEqual([0]);
    expect(cosineDistance([0, 0], [1, 0])).toBe(1);
    expect(cosineDistance([1, 0], [2, 0])).toBeCloseTo(0);
    expect(cosineDistance([1, 0], [-1, 0])).toBeCloseTo(2);
    expect(() => cosineDistance([1], [1, 2])).toThrow(RangeError);
  });
});
