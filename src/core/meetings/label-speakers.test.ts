import { describe, expect, it } from "vitest";
import { labelSegmentsWithSpeakers } from "./label-speakers";

const turns = [
  { name: "Alice", startMs: 0, endMs: 4_000 },
  { name: "Bob", startMs: 4_300, endMs: 9_000 },
];

describe("labelSegmentsWithSpeakers", () => {
  it("splits a segment where the speaker changes and names each part", () => {
    const segment = {
      start: 0.5,
      end: 8,
      text: "we ship friday sounds good",
      words: [
        { start: 0.5, end: 1, word: " we" },
        { start: 1, end: 1.6, word: " ship" },
        { start: 1.6, end: 2.4, word: " friday" },
        { start: 4.6, end: 5.2, word: " sounds" },
        { start: 5.2, end: 5.8, word: " good" },
      ],
    };
    const labelled = labelSegmentsWithSpeakers([segment], turns);
    expect(labelled.map(({ speaker, text, start, end }) => ({ speaker, text, start, end }))).toEqual([
      { speaker: "Alice", text: "we ship friday", start: 0.5, end: 2.4 },
      { speaker: "Bob", text: "sounds good", start: 4.6, end: 5.8 },
    ]);
  });

  it("keeps a word in a pause with the speaker before it, and a one-speaker segment whole", () => {
    const segment = {
      start: 3,
      end: 5,
      text: "right so",
      words: [
        { start: 3.5, end: 3.9, word: "right" },
        // 4.0-4.3 s is between the turns; its midpoint is in no turn but is near Alice's end.
        { start: 4.0, end: 4.2, word: "so" },
      ],
    };
    expect(labelSegmentsWithSpeakers([segment], turns)).toEqual([{ ...segment, speaker: "Alice" }]);
  });

  it("names a segment without word times by its largest overlap", () => {
    const labelled = labelSegmentsWithSpeakers([{ start: 3, end: 8.5, text: "mostly Bob" }], turns);
    expect(labelled[0]?.speaker).toBe("Bob");
  });

  it("leaves segments alone without turns, and unnamed far from every turn", () => {
    const segment = { start: 30, end: 31, text: "late", speaker: null };
    expect(labelSegmentsWithSpeakers([segment], [])).toEqual([segment]);
    expect(labelSegmentsWithSpeakers([segment], turns)[0]?.speaker).toBeNull();
  });
});
