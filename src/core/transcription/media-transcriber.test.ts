import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWavInfo } from "~/infra/media/wav-file";
import type { SpeechEngine, Transcription } from "~/infra/speech/speech-engine";
import { joinClips } from "../../../test/support/media-fixtures";
import { transcribeMedia } from "./media-transcriber";

// The chunk schedule as the engine sees it, on real speech and the real voice detector: an engine that
// records the length of each file it is given and answers one segment per file (what it says is not the
// point here; real-whisper and upload tests check the words).

function recordingEngine(): { engine: SpeechEngine; lengths: number[] } {
  const lengths: number[] = [];
  const engine: SpeechEngine = {
    id: "recording",
    languages: ["en"],
    hasWordTimes: false,
    async transcribe(wavPath): Promise<Transcription> {
      const { durationSeconds } = await readWavInfo(wavPath);
      lengths.push(durationSeconds);
      return { language: "en", durationSeconds, segments: [{ start: 0, end: durationSeconds, text: `part ${lengths.length}` }] };
    },
  };
  return { engine, lengths };
}

describe("transcribeMedia's chunks", () => {
  let dir: string;
  let long: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "parley-chunks-"));
    // About 200 s of read speech with its pauses (the English clips twice).
    const clips = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c11"];
    long = joinClips([...clips, ...clips], path.join(dir, "long.wav"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts the engine on a first chunk of a minute at most, then longer ones, covering the file in order", async () => {
    const { engine, lengths } = recordingEngine();
    const result = await transcribeMedia({
      inputPath: long,
      scratchDir: path.join(dir, "a"),
      engine,
      language: "en",
      maxChunkSeconds: 150,
    });
    if (result.kind !== "speech") throw new Error("expected speech");
    // Cut in the last pause before a minute (the clips hold sentences up to ~28 s long).
    expect(lengths[0]).toBeLessThanOrEqual(60);
    // The next may be twice as long, then twice again, capped by maxChunkSeconds.
    expect(Math.max(...lengths.slice(1))).toBeGreaterThan(60);
    for (const length of lengths.slice(1)) expect(length).toBeLessThanOrEqual(150);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeGreaterThan(180);
    const starts = result.transcription.segments.map((segment) => segment.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(result.transcription.segments.map((segment) => segment.text)).toEqual(lengths.map((_, index) => `part ${index + 1}`));
  });

  it("keeps even chunks when asked to (the first as long as the rest)", async () => {
    const { engine, lengths } = recordingEngine();
    await transcribeMedia({
      inputPath: long,
      scratchDir: path.join(dir, "b"),
      engine,
      language: "en",
      maxChunkSeconds: 150,
      firstChunkSeconds: 150,
    });
    expect(lengths[0]).toBeGreaterThan(60);
  });
});
