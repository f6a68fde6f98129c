import { describe, expect, it } from "vitest";
import { planChunks, planSettledChunks, type TimeRange } from "./plan-chunks";

const options = { maxChunkSeconds: 10, paddingSeconds: 0.5, durationSeconds: 100 };
const lengths = (chunks: { start: number; end: number }[]) => chunks.map((chunk) => chunk.end - chunk.start);

describe("planChunks", () => {
  it("plans nothing for no speech", () => {
    expect(planChunks([], options)).toEqual([]);
  });

  it("pads one short region on both sides", () => {
    expect(planChunks([{ start: 2, end: 4 }], options)).toEqual([{ start: 1.5, end: 4.5 }]);
  });

  it("clamps padding to the start and end of the audio", () => {
    expect(planChunks([{ start: 0.2, end: 7.8 }], { ...options, durationSeconds: 8 })).toEqual([{ start: 0, end: 8 }]);
  });

  it("groups regions while they fit and cuts in the silence between them", () => {
    const speech = [
      { start: 1, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 9 }, // 1..9 is 8 s of speech + 1 s padding = 9 s: fits
      { start: 12, end: 14 }, // would make 1..14 = 13 s: a new chunk
    ];
    const chunks = planChunks(speech, options);
    expect(chunks).toEqual([
      { start: 0.5, end: 9.5 },
      { start: 11.5, end: 14.5 },
    ]);
    expect(Math.max(...lengths(chunks))).toBeLessThanOrEqual(10);
  });

  it("counts the padding in the maximum length", () => {
    // 9.5 s of speech + 2 x 0.5 s padding would be 10.5 s: the second region goes to a new chunk.
    const chunks = planChunks(
      [
        { start: 10, end: 15 },
        { start: 16, end: 19.5 },
      ],
      options,
    );
    expect(chunks).toHaveLength(2);
    expect(Math.max(...lengths(chunks))).toBeLessThanOrEqual(10);
  });

  it("accepts a group that fits exactly despite float arithmetic", () => {
    const chunks = planChunks([{ start: 0.1, end: 0.1 + 0.2 + 8.7 }], { ...options, paddingSeconds: 0.5 });
    expect(chunks).toHaveLength(1);
  });

  it("splits a region longer than a chunk hard, in equal pieces, without padding across the cut", () => {
    const chunks = planChunks([{ start: 10, end: 37 }], options); // 27 s, 9 s of speech per chunk at most
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toEqual({ start: 9.5, end: 19 });
    expect(chunks[1]).toEqual({ start: 19, end: 28 });
    expect(chunks[2]).toEqual({ start: 28, end: 37.5 });
    expect(Math.max(...lengths(chunks))).toBeLessThanOrEqual(10);
  });

  it("never lets padding overlap the neighbouring chunk", () => {
    const chunks = planChunks(
      [
        { start: 0, end: 9 },
        { start: 9.4, end: 12 },
      ],
      options,
    );
    expect(chunks).toEqual([
      { start: 0, end: 9.2 },
      { start: 9.2, end: 12.5 },
    ]);
  });

  it("sorts, merges overlapping regions and drops empty or out-of-range ones", () => {
    const chunks = planChunks(
      [
        { start: 5, end: 6 },
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 7, end: 7 },
        { start: 120, end: 130 },
        { start: -3, end: -1 },
      ],
      options,
    );
    expect(chunks).toEqual([{ start: 0.5, end: 6.5 }]);
  });

  it("keeps every chunk inside the audio and in order over a long, dense recording", () => {
    // Two hours of 4 s sentences with 0.6 s pauses and a 45 s monologue every 10 minutes.
    const speech: { start: number; end: number }[] = [];
    for (let time = 0; time < 7200; ) {
      const length = Math.round(time) % 600 < 5 ? 45 : 4;
      speech.push({ start: time, end: time + length });
      time += length + 0.6;
    }
    const chunks = planChunks(speech, { maxChunkSeconds: 30, paddingSeconds: 0.3, durationSeconds: 7300 });
    expect(Math.max(...lengths(chunks))).toBeLessThanOrEqual(30 + 1e-6);
    chunks.forEach((chunk, index) => {
      expect(chunk.start).toBeGreaterThanOrEqual(index === 0 ? 0 : (chunks[index - 1]?.end ?? 0) - 1e-9);
      expect(chunk.end).toBeLessThanOrEqual(7300);
    });
    // Every second of speech is inside some chunk.
    for (const region of speech) {
      const middle = (region.start + region.end) / 2;
      expect(chunks.some((chunk) => chunk.start <= middle && middle <= chunk.end)).toBe(true);
    }
  });

  it("refuses settings that leave no room for speech", () => {
    expect(() => planChunks([{ start: 0, end: 1 }], { ...options, maxChunkSeconds: 1, paddingSeconds: 0.5 })).toThrow(RangeError);
    expect(() => planChunks([{ start: 0, end: 1 }], { ...options, maxChunkSeconds: 0 })).toThrow(RangeError);
  });
});

/** A small deterministic generator (mulberry32): the same "random" regions on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Regions in order as a VAD reports them: some long, some touching or overlapping the one before. */
function regionsFor(random: () => number): TimeRange[] {
  const regions: TimeRange[] = [];
  let at = random() * 2;
  for (let count = 0; count < 40; count++) {
    const start = random() < 0.25 ? Math.max(0, at - random() * 0.2) : at + random() * 3;
    const end = start + 0.3 + random() * (random() < 0.2 ? 25 : 6);
    regions.push({ start, end });
    at = end;
  }
  return regions;
}

describe("planSettledChunks", () => {
  const settings = { maxChunkSeconds: 12, paddingSeconds: 0.3, durationSeconds: 2_000 };

  it("settles nothing before the first region and everything once detection is complete", () => {
    expect(planSettledChunks([], settings, { isComplete: false })).toEqual([]);
    const speech = [
      { start: 0.19, end: 12.14 },
      { start: 13.05, end: 14.25 },
    ];
    expect(planSettledChunks(speech, settings, { isComplete: true })).toEqual(planChunks(speech, settings));
  });

  it("keeps a long region's pieces open while a touching region may still join it (issue 23)", () => {
    // 0.19..12.14 alone is cut in two pieces; joined with 12.14..20 it is cut elsewhere.
    const first = [{ start: 0.19, end: 12.14 }];
    expect(planChunks(first, settings)).toHaveLength(2);
    expect(planSettledChunks(first, settings, { isComplete: false })).toEqual([]);
    const joined = [...first, { start: 12.14, end: 20 }];
    expect(planChunks(joined, settings)[0]).not.toEqual(planChunks(first, settings)[0]);
  });

  it("answers a prefix of the whole plan for every prefix of the regions, whatever their timing", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const speech = regionsFor(seeded(seed));
      const whole = planChunks(speech, settings);
      let settledBefore = 0;
      for (let known = 0; known <= speech.length; known++) {
        const settled = planSettledChunks(speech.slice(0, known), settings, { isComplete: false });
        expect(settled).toEqual(whole.slice(0, settled.length));
        // Settled chunks only ever grow as regions arrive.
        expect(settled.length).toBeGreaterThanOrEqual(settledBefore);
        settledBefore = settled.length;
      }
      expect(planSettledChunks(speech, settings, { isComplete: true })).toEqual(whole);
    }
  });
});

describe("a shorter first chunk (the engine starts sooner)", () => {
  const settings = { maxChunkSeconds: 600, paddingSeconds: 0.3, durationSeconds: 1_200, firstChunkSeconds: 60 };
  /** 4 s sentences with 0.6 s pauses from 0.5 s to `until`. */
  const sentences = (until: number): TimeRange[] => {
    const regions: TimeRange[] = [];
    for (let start = 0.5; start + 4 <= until; start += 4.6) regions.push({ start, end: start + 4 });
    return regions;
  };

  it("cuts in the last silence before firstChunkSeconds, then twice as long each, up to maxChunkSeconds", () => {
    const chunks = planChunks(sentences(1_190), settings);
    const limits = [60, 120, 240, 480];
    limits.forEach((limit, index) => {
      expect(lengths(chunks)[index]).toBeLessThanOrEqual(limit);
      // 4.6 s between sentence starts: the cut is in the last pause that fits.
      expect(lengths(chunks)[index]).toBeGreaterThan(limit - 5);
    });
    expect(chunks).toHaveLength(5);
  });

  it("settles the first chunk once detection has heard a little past it, not a whole long chunk", () => {
    const speech = sentences(1_190);
    const heard = (seconds: number) => speech.filter((region) => region.end <= seconds);
    expect(planSettledChunks(heard(60), settings, { isComplete: false })).toEqual([]);
    const early = planSettledChunks(heard(70), settings, { isComplete: false });
    expect(early).toEqual(planChunks(speech, settings).slice(0, 1));
    // Without the shorter first chunk nothing settles before ten minutes have been heard.
    const { firstChunkSeconds: _, ...evenChunks } = settings;
    expect(planSettledChunks(heard(590), evenChunks, { isComplete: false })).toEqual([]);
  });

  it("keeps a first region longer than firstChunkSeconds whole (the cut stays in silence)", () => {
    const chunks = planChunks(
      [
        { start: 1, end: 101 },
        { start: 102, end: 110 },
      ],
      settings,
    );
    expect(chunks[0]).toEqual({ start: 0.7, end: 101.3 });
    expect(chunks[1]).toEqual({ start: 101.7, end: 110.3 });
  });

  it("is the plain plan when firstChunkSeconds is not shorter than maxChunkSeconds", () => {
    const speech = sentences(1_190);
    const { firstChunkSeconds: _, ...evenChunks } = settings;
    expect(planChunks(speech, { ...settings, firstChunkSeconds: 900 })).toEqual(planChunks(speech, evenChunks));
  });

  it("answers a prefix of the whole plan for every prefix of the regions, whatever their timing", () => {
    const small = { maxChunkSeconds: 12, paddingSeconds: 0.3, durationSeconds: 2_000 };
    for (const firstChunkSeconds of [1, 2, 3, 8, 11]) {
      for (let seed = 1; seed <= 100; seed++) {
        const speech = regionsFor(seeded(seed));
        const options = { ...small, firstChunkSeconds };
        const whole = planChunks(speech, options);
        for (let known = 0; known <= speech.length; known++) {
          const settled = planSettledChunks(speech.slice(0, known), options, { isComplete: false });
          expect(settled).toEqual(whole.slice(0, settled.length));
        }
        expect(Math.max(...lengths(whole))).toBeLessThanOrEqual(12 + 1e-6);
      }
    }
  });

  it("keeps the first chunk open while a piece of a growing region may still join it", () => {
    const options = { maxChunkSeconds: 12, paddingSeconds: 0.3, durationSeconds: 100, firstChunkSeconds: 11 };
    // 2..13 fits no chunk with 0..1; grown to 2..14 it is cut in two and its first half joins 0..1.
    const heard = [
      { start: 0, end: 1 },
      { start: 2, end: 13 },
    ];
    expect(planSettledChunks(heard, options, { isComplete: false })).toEqual([]);
    const grown = [...heard, { start: 13, end: 14 }];
    expect(planChunks(grown, options)[0]).toEqual({ start: 0, end: 8 });
  });

  it("keeps a later chunk open at its own limit while a piece of a growing region may still join it", () => {
    const options = { maxChunkSeconds: 12, paddingSeconds: 0, durationSeconds: 100, firstChunkSeconds: 2.5 };
    // Chunk limits 2.5, 5, 10, 12. Regions 0..1 | 2..3 | 4.5..7.5 | 8..19 each fit no chunk with the one
    // before; 8..19 grown to 8..21 is cut in two 6.5 s pieces, and the first joins 4.5..7.5 (10 s).
    const heard = [
      { start: 0, end: 1 },
      { start: 2, end: 3 },
      { start: 4.5, end: 7.5 },
      { start: 8, end: 19 },
    ];
    expect(planSettledChunks(heard, options, { isComplete: false })).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
    const grown = [...heard, { start: 19, end: 21 }];
    expect(planChunks(grown, options)[2]).toEqual({ start: 4.5, end: 14.5 });
  });

  it("refuses a first chunk with no room for speech", () => {
    expect(() => planChunks([{ start: 0, end: 1 }], { ...settings, firstChunkSeconds: 0.5 })).toThrow(RangeError);
  });
});
