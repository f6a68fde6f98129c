import type { ChatMessage, LanguageModel } from "~/infra/llm/language-model";
import type { Citation } from "~/shared/ask/ask-api";
import { englishLanguageName } from "~/shared/i18n/english-language-name";
import { formatClock } from "~/shared/notes/clock";
import { answeringExtract, distinctPassages } from "./extract-answer";
import type { Passage } from "./retrieval";

/** One piece of the answer as it is written, then the finished answer with the passages it cites. */
export type AnswerEvent = { kind: "delta"; text: string } | { kind: "done"; content: string; citations: Citation[]; engine: string };

export interface AnswerInput {
  /** null: no model configured; the answer quotes the best passages (labelled by the `extractive` engine). */
  model: LanguageModel | null;
  question: string;
  /** Earlier turns of the same chat, oldest first. */
  history: readonly { role: "user" | "assistant"; content: string }[];
  passages: readonly Passage[];
  /** The user's interface language: the answer is written in it unless the question is in another. */
  language: string;
  signal?: AbortSignal;
}

// Only the last turns go back to the model: enough for follow-up questions, small enough for a local model.
const historyTurns = 6;

function passageBlock(passages: readonly Passage[]): string {
  return passages
    .map(
      (passage, index) =>
        `[${index + 1}] (${passage.noteTitle || "Untitled"}, ${formatClock(passage.start, { padMinutes: true })}) ${passage.text}`,
    )
    .join("\n");
}

export function answerMessages(input: Pick<AnswerInput, "question" | "history" | "passages" | "language">): ChatMessage[] {
  const system = [
    "You answer questions about the user's meeting notes and transcripts.",
    "Use only the numbered passages below. After each statement, cite the passage it comes from as [n].",
    "If the passages do not answer the question, say so briefly; never guess.",
    `Answer in the language of the question (default ${englishLanguageName(input.language)}), in a few sentences.`,
    "",
    "Passages:",
    input.passages.length > 0 ? passageBlock(input.passages) : "(none found)",
  ].join("\n");
  return [
    { role: "system", content: system },
    ...input.history.slice(-historyTurns).map((turn) => ({ role: turn.role, content: turn.content })),
    { role: "user", content: input.question },
  ];
}

/** The passages an answer cites with [n] markers, in the order first cited; unknown numbers are ignored. */
export function citedPassages(answer: string, passages: readonly Passage[]): Citation[] {
  const seen = new Set<number>();
  const citations: Citation[] = [];
  for (const match of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const index = Number(match[1]) - 1;
    const passage = passages[index];
    if (!passage || seen.has(index)) continue;
    seen.add(index);
    citations.push({
      noteId: passage.noteId,
      noteTitle: passage.noteTitle,
      position: passage.position,
      start: passage.start,
      end: passage.end,
      quote: passage.text.slice(0, 500),
    });
  }
  return citations;
}

/**
 * Streams an answer grounded in the passages. Without a model the answer quotes, from each distinct source
 * (best first, at most three), the sentences that carry the question's words, with their markers, so the
 * same citation links work and nothing is made up.
 */
export async function* answerQuestion(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  if (!input.model) {
    const quoted = distinctPassages(input.passages);
    const content = quoted.map((passage, index) => `“${answeringExtract(input.question, passage.text)}” [${index + 1}]`).join("\n\n");
    if (content) yield { kind: "delta", text: content };
    yield { kind: "done", content, citations: citedPassages(content, quoted), engine: "extractive" };
    return;
  }
  let content = "";
  for await (const text of input.model.streamText({ messages: answerMessages(input), maxTokens: 600, signal: input.signal })) {
    content += text;
    yield { kind: "delta", text };
  }
  yield { kind: "done", content: content.trim(), citations: citedPassages(content, input.passages), engine: input.model.id };
}
