import { describe, expect, it } from "vitest";
import { assignSpeakers, nameTurns, smoothTurns } from "./assign-speakers";

const turn = (start: number, end: number, speaker: number) => ({ start, end, speaker });

describe("smoothTurns", () => {
  it("folds a blip shorter than 0.5 s into the longer neighbour and joins the same speaker", () => {
    expect(smoothTurns([turn(0, 4, 3), turn(4, 4.3, 1), turn(4.3, 9, 3), turn(9.5, 12, 1)])).toEqual([turn(0, 9, 3), turn(9.5, 12, 1)]);
  });

  it("gives a blip between two people to the one who spoke longer, and sorts first", () => {
    expect(smoothTurns([turn(5.2, 9, 1), turn(0, 5, 0), turn(5, 5.2, 2)])).toEqual([turn(0, 5.2, 0), turn(5.2, 9, 1)]);
    expect(smoothTurns([turn(0, 2, 0), turn(2, 2.3, 2), turn(2.3, 9, 1)])).toEqual([turn(0, 2, 0), turn(2, 9, 1)]);
  });

  it("lets a run of blips end in the real turns around them, and keeps a lone short turn", () => {
    const blips = [turn(0, 3, 0), turn(3, 3.1, 1), turn(3.1, 3.3, 2), turn(3.3, 3.4, 1), turn(3.4, 8, 0)];
    expect(smoothTurns(blips)).toEqual([turn(0, 8, 0)]);
    expect(smoothTurns([turn(1, 1.2, 4)])).toEqual([turn(1, 1.2, 4)]);
    expect(smoothTurns([turn(2, 2, 0)])).toEqual([]);
  });
});

describe("nameTurns", () => {
  it("numbers speakers from 1 by first appearance, in milliseconds", () => {
    expect(nameTurns([turn(0, 1.5, 7), turn(1.5, 3, 2), turn(3, 4.25, 7)])).toEqual([
      { name: "Speaker 1", startMs: 0, endMs: 1500 },
      { name: "Speaker 2", startMs: 1500, endMs: 3000 },
      { name: "Speaker 1", startMs: 3000, endMs: 4250 },
    ]);
  });
});

describe("assignSpeakers", () => {
  const turns = [turn(0, 4.1, 5), turn(4.1, 9, 2), turn(9, 9.3, 5), turn(9.3, 14, 2), turn(14, 20, 5)];

  it("splits a segment with word times where the speaker changes", () => {
    const segments = [
      {
        start: 0.2,
        end: 6,
        text: "shall we ship friday? yes friday",
        words: [
          { start: 0.2, end: 0.6, word: "shall" },
          { start: 0.6, end: 0.8, word: "we" },
          { start: 0.8, end: 1.3, word: "ship" },
          { start: 1.3, end: 2, word: "friday?" },
          { start: 4.4, end: 4.9, word: "yes" },
          { start: 4.9, end: 5.6, word: "friday" },
        ],
      },
    ];
    expect(assignSpeakers(segments, turns).map(({ start, end, text, speaker }) => ({ start, end, text, speaker }))).toEqual([
      { start: 0.2, end: 2, text: "shall we ship friday?", speaker: "Speaker 1" },
      { start: 4.4, end: 5.6, text: "yes friday", speaker: "Speaker 2" },
    ]);
  });

  it("gives a segment without word times the speaker it overlaps most; the 0.3 s blip counts for nothing", () => {
    const segments = [
      { start: 8, end: 12, text: "the budget is fine", words: null },
      { start: 14.5, end: 19, text: "then we are done", words: null },
    ];
    // 8-12 s: speaker 2 holds 8-9 and 9.3-12 (the blip at 9-9.3 s joins them), so Speaker 1 in this transcript's order.
    expect(assignSpeakers(segments, turns).map((segment) => segment.speaker)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  it("numbers by the transcript's first appearance and leaves segments as they were without turns", () => {
    const segments = [{ start: 5, end: 6, text: "hello", speaker: null, words: null }];
    expect(assignSpeakers(segments, turns)[0]?.speaker).toBe("Speaker 1");
    expect(assignSpeakers(segments, [])).toEqual(segments);
    // Named in the language spoken on the recording, English for any other.
    expect(assignSpeakers(segments, turns, { language: "es" })[0]?.speaker).toBe("Hablante 1");
    expect(assignSpeakers(segments, turns, { language: "pt" })[0]?.speaker).toBe("Falante 1");
    expect(assignSpeakers(segments, turns, { language: "de" })[0]?.speaker).toBe("Speaker 1");
  });
});
