import { describe, expect, it } from "vitest";
import { normaliseWords, wordErrorRate } from "./word-error-rate";

describe("word error rate", () => {
  it("ignores case and punctuation, keeps apostrophes inside words", () => {
    expect(normaliseWords("And so, my fellow Americans: ask not… what your country's doing!")).toEqual([
      "and",
      "so",
      "my",
      "fellow",
      "americans",
      "ask",
      "not",
      "what",
      "your",
      "country's",
      "doing",
    ]);
    expect(wordErrorRate("Ask not what your country can do.", "ask not what your country can do")).toBe(0);
  });

  it("counts substitutions, deletions and insertions over the reference length", () => {
    expect(wordErrorRate("a b c d", "a x c d")).toBe(0.25);
    expect(wordErrorRate("a b c d", "a c d")).toBe(0.25);
    expect(wordErrorRate("a b c d", "a b c d e f")).toBe(0.5);
    expect(wordErrorRate("a b", "")).toBe(1);
    expect(wordErrorRate("", "")).toBe(0);
  });

  it("handles Spanish and Portuguese letters", () => {
    expect(wordErrorRate("Buenos días, María.", "buenos dias maría")).toBeCloseTo(1 / 3);
    expect(normaliseWords("Reunião às três")).toEqual(["reunião", "às", "três"]);
  });
});
