import type { NotesSegment } from "../../src/core/ai-notes/transcript-chunks";
import { type Passage, searchTerms } from "../../src/core/ask/retrieval";

// Ask-AI's passages for one meeting without a database: the product ranks segments with PostgreSQL full
// text (core/ask/data.ts); here each segment scores by how many of the question's search terms (the
// product's searchTerms, prefixes of 6 letters) it has, and comes with its neighbours, as the product's do.

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function meetingPassages(question: string, segments: readonly NotesSegment[], title: string, limit = 6): Passage[] {
  const terms = searchTerms(question);
  const scored = segments
    .map((segment, position) => {
      const words = wordsOf(segment.text);
      const rank = terms.filter((term) => words.some((word) => word.startsWith(term))).length;
      return { position, rank };
    })
    .filter((hit) => hit.rank > 0)
    .sort((a, b) => b.rank - a.rank || a.position - b.position)
    .slice(0, limit);
  return scored.map(({ position, rank }) => {
    const hit = segments[position] as NotesSegment;
    const text = segments
      .slice(Math.max(0, position - 1), position + 2)
      .map((segment) => segment.text.trim())
      .join(" ");
    return { noteId: "eval", noteTitle: title, position, start: hit.start, end: hit.end, text, rank };
  });
}
