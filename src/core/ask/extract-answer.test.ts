import { describe, expect, it } from "vitest";
import { type AnswerEvent, answerQuestion } from "./answer";
import { answeringExtract, distinctPassages } from "./extract-answer";
import type { Passage } from "./retrieval";

// Ask-AI without a model: what retrieval gives (each hit widened with its neighbours, so neighbouring hits
// repeat the same words) becomes a short extract, each source once, best first.

const passage = (noteId: string, position: number, rank: number, text: string): Passage => ({
  noteId,
  noteTitle: `Note ${noteId}`,
  position,
  start: position * 10,
  end: position * 10 + 8,
  text,
  rank,
});

const launch =
  "Okay, next is the launch. We decided to move the launch to the third of July. Marketing needs the screenshots first. The budget stays the same.";

describe("extractive answers", () => {
  it("lists each source once, best first, at most three, merging hits whose widened passages overlap", () => {
    const passages = [
      passage("a", 4, 0.2, launch),
      passage("a", 5, 0.5, launch),
      passage("a", 5, 0.5, launch),
      passage("b", 1, 0.3, "Lanzamos el tres de julio."),
      passage("a", 20, 0.1, "The launch party is at the office."),
      passage("c", 2, 0.05, "Nothing about it."),
    ];
    expect(distinctPassages(passages).map((kept) => `${kept.noteId}:${kept.position}`)).toEqual(["a:5", "b:1", "a:20"]);
  });

  it("quotes the sentences that carry the question's words, not the whole passage", () => {
    expect(answeringExtract("When is the launch?", launch)).toBe(
      "Okay, next is the launch. We decided to move the launch to the third of July.",
    );
    expect(answeringExtract("What did we decide about the budget?", launch)).toBe(
      "We decided to move the launch to the third of July. The budget stays the same.",
    );
    expect(answeringExtract("¿Cuándo es el lanzamiento?", "Hola a todos. El lanzamiento es el jueves. Luego vemos el presupuesto.")).toBe(
      "El lanzamiento es el jueves.",
    );
    expect(answeringExtract("Quem faz o orçamento?", "Bom dia. O João faz o orçamento até sexta.")).toBe(
      "O João faz o orçamento até sexta.",
    );
    // No sentence carries a term: the passage's first sentence, cut short.
    expect(answeringExtract("pricing?", `${"word ".repeat(100)}end.`).length).toBeLessThanOrEqual(280);
  });

  it("answers without a model with one short quote per source and one citation each, best first", async () => {
    const passages = [passage("a", 4, 0.2, launch), passage("a", 5, 0.5, launch), passage("b", 1, 0.3, "The launch moves to July.")];
    let done: Extract<AnswerEvent, { kind: "done" }> | null = null;
    for await (const event of answerQuestion({ model: null, question: "When is the launch?", history: [], passages, language: "en" }))
      if (event.kind === "done") done = event;
    expect(done?.engine).toBe("extractive");
    expect(done?.citations.map((citation) => `${citation.noteId}:${citation.position}`)).toEqual(["a:5", "b:1"]);
    expect(done?.content).toBe(
      "“Okay, next is the launch. We decided to move the launch to the third of July.” [1]\n\n“The launch moves to July.” [2]",
    );
  });
});
