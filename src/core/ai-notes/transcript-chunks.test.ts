import { describe, expect, it } from "vitest";
import { chunkTranscript, formatClock, type NotesSegment, parseClock } from "./transcript-chunks";

const segment = (index: number, text: string, speaker: string | null = null): NotesSegment => ({
  start: index * 10,
  end: index * 10 + 9,
  text,
  speaker,
});

describe("transcript chunks for map-reduce", () => {
  it("keeps every segment, in order, in exactly one chunk under the size limit", () => {
    const segments = Array.from({ length: 400 }, (_, index) =>
      segment(index, `sentence number ${index} about the roadmap`, index % 2 ? "Ana" : "Ben"),
    );
    const chunks = chunkTranscript(segments, 2_000);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(2_000);
    const lines = chunks.flatMap((chunk) => chunk.text.split("\n"));
    expect(lines).toHaveLength(400);
    expect(lines[0]).toBe("[00:00] Ben: sentence number 0 about the roadmap");
    expect(lines[399]).toBe("[1:06:30] Ana: sentence number 399 about the roadmap");
    // Each chunk knows the span of time it covers (chapters are clamped to it).
    expect(chunks[0]?.start).toBe(0);
    expect(chunks[1]?.start).toBeGreaterThan(chunks[0]?.end ?? 0);
    expect(chunks[chunks.length - 1]?.end).toBe(3999);
  });

  it("cuts one segment longer than a chunk instead of dropping or overflowing it", () => {
    const long = segment(0, "word ".repeat(1_000).trim());
    const chunks = chunkTranscript([long, segment(1, "after")], 1_500);
    expect(chunks.every((chunk) => chunk.text.length <= 1_500)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join("")).toContain("after");
    expect(
      chunks
        .map((chunk) => chunk.text)
        .join("")
        .match(/word/g),
    ).toHaveLength(1_000);
  });

  it("writes and reads clock times", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(75.9)).toBe("01:15");
    expect(formatClock(3_725)).toBe("1:02:05");
    expect(parseClock("01:15")).toBe(75);
    expect(parseClock("[1:02:05]")).toBe(3_725);
    expect(parseClock("42")).toBe(42);
    expect(parseClock("soon")).toBeNull();
    expect(parseClock("1:2:3:4")).toBeNull();
  });
});
