import { parseClock } from "./transcript-chunks";

// Checks on a language model's notes before they are stored (issue 19). A small local model that loops,
// fills fields with placeholders or points at times the transcript does not have still writes valid
// JSON: the schema lets it through, these do not. A failed check is a bad answer (the job falls back to
// extracted highlights and says why), never a silent store.

/** Why a model's notes were refused; each is a `notesFailure.<reason>` in the notes catalog. */
export type NotesOutputProblem = "empty_answer" | "placeholder_answer" | "looping_answer" | "off_transcript";

export interface CheckedNotes {
  title: string;
  summary: string;
  keyPoints: readonly string[];
  decisions: readonly string[];
  actionItems: readonly { text: string; owner: string | null; due: string | null }[];
  chapters?: readonly { title: string; summary: string }[];
}

// What a model writes when it has nothing to say but a field must be filled ("N/A", "TBD", "...").
const placeholderWords = new Set([
  "n/a",
  "na",
  "n.a",
  "tbd",
  "tba",
  "tbc",
  "none",
  "null",
  "undefined",
  "unknown",
  "todo",
  "xxx",
  "lorem ipsum",
]);
const templateMarker = /\[\s*(insert|add|your|placeholder|name|date|todo)\b|<\s*(insert|placeholder)\b|\{\{[^}]*\}\}|lorem ipsum/i;

/** A text that stands in for content: "N/A", "TBD", "...", "-", "[insert the decision]", "{{owner}}". */
export function isPlaceholder(text: string): boolean {
  const bare = text
    .trim()
    .toLowerCase()
    .replace(/^[\s"'`*_-]+|[\s"'`*_.:;!-]+$/g, "");
  // No letter or digit at all: "...", "…", "—", "-".
  if (text.trim() !== "" && !/[\p{L}\p{N}]/u.test(text)) return true;
  if (placeholderWords.has(bare)) return true;
  return templateMarker.test(text);
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * True when a text loops: the same run of words over and over ("the team will ship the team will ship
 * ..."). Measured as the share of its 3-word sequences that already appeared in it; ordinary prose of
 * any length stays well under half (a sentence said twice in a long summary too), a loop goes to ~1.
 */
export function isLooping(text: string): boolean {
  const words = wordsOf(text);
  // Too short to tell a loop from a list of short items ("Ana, Ben and Ana").
  if (words.length < 18) return false;
  const seen = new Set<string>();
  let repeats = 0;
  for (let index = 0; index + 3 <= words.length; index++) {
    const gram = words.slice(index, index + 3).join(" ");
    if (seen.has(gram)) repeats++;
    else seen.add(gram);
  }
  return repeats / (words.length - 2) > 0.5;
}

// `[12:34]`-style stamps in the notes' texts: a model citing a moment of the transcript.
const clockStamp = /\[(\d{1,2}:\d{2}(?::\d{2})?)\]/g;

// Chapter starts and cited stamps are copied from the transcript's [mm:ss] lines; a few seconds either
// way is rounding, not a time the transcript lacks.
const clockSlackSeconds = 5;

/** A cited time outside the transcript's span (or one that is no time at all) points at no passage. */
export function isOffTranscript(said: string | number | null, span: { start: number; end: number }): boolean {
  const seconds = typeof said === "number" ? said : said === null ? null : parseClock(said);
  if (seconds === null) return true;
  return seconds < span.start - clockSlackSeconds || seconds > span.end + clockSlackSeconds;
}

/** The first problem found in a model's notes, or null when they may be stored. */
export function notesOutputProblem(notes: CheckedNotes, transcript: { start: number; end: number }): NotesOutputProblem | null {
  const lists = [notes.keyPoints, notes.decisions, notes.actionItems.map((item) => item.text)];
  const chapterTexts = (notes.chapters ?? []).flatMap((chapter) => [chapter.title, chapter.summary]);
  const texts = [notes.title, notes.summary, ...lists.flat(), ...chapterTexts];
  if (!notes.summary.trim() && lists.every((list) => list.length === 0)) return "empty_answer";
  if (texts.some(isPlaceholder)) return "placeholder_answer";
  // One looping text, or a list whose items are the same words again and again.
  if (texts.some(isLooping) || lists.some((list) => list.length >= 3 && isLooping(list.join(" ")))) return "looping_answer";
  for (const text of texts) {
    for (const match of text.matchAll(clockStamp)) {
      if (isOffTranscript(match[1] ?? null, transcript)) return "off_transcript";
    }
  }
  return null;
}

/** An action item's owner or due date the model filled with a placeholder is one it did not know: null. */
export function knownOrNull(value: string | null): string | null {
  return value && !isPlaceholder(value) ? value : null;
}
