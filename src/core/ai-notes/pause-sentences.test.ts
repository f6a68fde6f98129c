import { describe, expect, it } from "vitest";
import { lacksPunctuation, pauseSentences, splitAtPauses, type TimedWord, writeSentence } from "./pause-sentences";

/** Words at 0.3 s each, 0.1 s apart inside a phrase; `gaps[i]` overrides the gap before word i. */
function timed(text: string, from = 0, gaps: Record<number, number> = {}): TimedWord[] {
  let clock = from;
  return text.split(" ").map((word, index) => {
    if (index > 0) clock += gaps[index] ?? 0.1;
    const timedWord = { start: clock, end: clock + 0.3, word };
    clock += 0.3;
    return timedWord;
  });
}

describe("sentences from pauses", () => {
  it("cuts at pauses of 0.6 s or more, not at the short gaps inside a sentence", () => {
    const words = timed("we decided to ship on thursday i will write the notes by friday", 0, { 6: 0.9 });
    expect(pauseSentences(words).map((sentence) => sentence.map((word) => word.word).join(" "))).toEqual([
      "we decided to ship on thursday",
      "i will write the notes by friday",
    ]);
    // Just under the pause: one sentence.
    expect(pauseSentences(timed("we decided to ship on thursday i will write", 0, { 6: 0.55 }))).toHaveLength(1);
  });

  it("halves a long run with no pause at its largest gaps, never leaving a piece of a word or two", () => {
    const text = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    const pieces = pauseSentences(timed(text, 0, { 2: 0.5, 20: 0.45, 41: 0.4 }));
    expect(pieces.map((piece) => piece.length)).toEqual([20, 21, 19]);
    for (const piece of pieces) expect(piece.length).toBeGreaterThanOrEqual(4);
  });

  it("writes a sentence capitalised, with English 'i' as 'I' and a full stop", () => {
    expect(writeSentence(timed("i think i'll send it"), "en")).toBe("I think I'll send it.");
    expect(writeSentence(timed("ícaro vai mandar o relatório"), "pt")).toBe("Ícaro vai mandar o relatório.");
    expect(writeSentence(timed("y yo voy a ir"), "es")).toBe("Y yo voy a ir.");
  });

  it("splits only unpunctuated segments that have word timings, each piece with its own times and speaker", () => {
    const words = timed("acordamos lanzar el jueves yo voy a preparar el informe", 10, { 4: 1.2 });
    const segments = [
      { start: 0, end: 4, text: "Bueno, empezamos.", speaker: "Lucía", words: timed("bueno empezamos") },
      { start: 10, end: 16, text: "acordamos lanzar el jueves yo voy a preparar el informe", speaker: "Carlos", words },
      { start: 20, end: 22, text: "sin tiempos de palabras", speaker: null },
    ];
    const split = splitAtPauses(segments, "es");
    expect(split.map((segment) => [segment.text, segment.start, segment.speaker])).toEqual([
      ["Bueno, empezamos.", 0, "Lucía"],
      ["Acordamos lanzar el jueves.", 10, "Carlos"],
      ["Yo voy a preparar el informe.", words[4]?.start, "Carlos"],
      ["sin tiempos de palabras", 20, null],
    ]);
    expect(split[1]?.end).toBe(words[3]?.end);
    expect(lacksPunctuation("so what do we do")).toBe(true);
    expect(lacksPunctuation("¿Qué hacemos?")).toBe(false);
  });
});
