import { describe, expect, it } from "vitest";
import { answerMessages, answerQuestion, citedPassages } from "./answer";
import type { Passage } from "./retrieval";
import { searchTerms } from "./retrieval";

const passage = (index: number, text: string): Passage => ({
  noteId: `note-${index}`,
  noteTitle: `Note ${index}`,
  position: index * 3,
  start: index * 60,
  end: index * 60 + 20,
  text,
  rank: 1 / (index + 1),
});
const passages = [
  passage(0, "The release moves to Tuesday."),
  passage(1, "Sarah owns the login screen."),
  passage(2, "Budget is approved."),
];

describe("ask-AI answers", () => {
  it("turns [n] markers into citations in the order first cited, ignoring unknown numbers and repeats", () => {
    const citations = citedPassages("Sarah has it [2]. It ships Tuesday [1][2]. See also [9].", passages);
    expect(citations.map((citation) => citation.noteId)).toEqual(["note-1", "note-0"]);
    expect(citations[0]).toMatchObject({ position: 3, start: 60, end: 80, quote: "Sarah owns the login screen.", noteTitle: "Note 1" });
  });

  it("numbers the passages for the model and keeps only the last turns of history", () => {
    const history = Array.from({ length: 10 }, (_, index) => ({
      role: index % 2 ? ("assistant" as const) : ("user" as const),
      content: `turn ${index}`,
    }));
    const messages = answerMessages({ question: "Who owns login?", history, passages, language: "es" });
    expect(messages[0]?.content).toContain("[2] (Note 1, 01:00) Sarah owns the login screen.");
    expect(messages[0]?.content).toContain("Spanish");
    expect(messages).toHaveLength(1 + 6 + 1);
    expect(messages[1]?.content).toBe("turn 4");
    expect(messages.at(-1)).toEqual({ role: "user", content: "Who owns login?" });
  });

  it("without a model, quotes the best passages with working citations and says so through its engine", async () => {
    const events = [];
    for await (const event of answerQuestion({ model: null, question: "release?", history: [], passages, language: "en" }))
      events.push(event);
    const done = events.at(-1);
    expect(done?.kind).toBe("done");
    if (done?.kind !== "done") return;
    expect(done.engine).toBe("extractive");
    expect(done.content).toContain("“The release moves to Tuesday.” [1]");
    expect(done.citations.map((citation) => citation.noteId)).toEqual(["note-0", "note-1", "note-2"]);
  });

  it("searches a question's meaningful words, prefixes for long ones, in en/es/pt", () => {
    expect(searchTerms("What did we decide about the release date?")).toEqual(["decide", "releas", "date"]);
    expect(searchTerms("¿Cuándo es el lanzamiento?")).toEqual(["lanzam"]);
    expect(searchTerms("Quem vai terminar a tela de login?")).toEqual(["vai", "termin", "tela", "login"]);
    expect(searchTerms("the of and")).toEqual([]);
  });
});
