import type { ActionItem } from "~/shared/ai-notes/ai-notes-api";
import {
  displayTitle,
  type ExportableNote,
  type ExportRequest,
  hasTimeline,
  includesNotes,
  includesTranscript,
  metadataLine,
} from "./schema";
import { needsHours, readableClock } from "./time-codes";

// The one place that decides what a document export (TXT, Markdown, DOCX, PDF) says and in which
// order; each format only renders these blocks. Empty sections are left out rather than printed bare.

export type OutlineBlock =
  | { kind: "title"; text: string }
  | { kind: "meta"; text: string }
  /** The extractive-notes label: shown right under the title so no one takes the highlights for AI notes. */
  | { kind: "notice"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "actions"; items: ActionItem[] }
  | { kind: "chapters"; items: { clock: string | null; title: string; summary: string }[] }
  /** One transcript segment; clock is null for notes without a timeline (pasted text, documents). */
  | { kind: "utterance"; clock: string | null; speaker: string | null; text: string };

/** Folds runs of whitespace (a segment's line breaks included) into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Paragraphs of a free text (the summary): blank lines separate them, single breaks fold. */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map(oneLine)
    .filter(Boolean);
}

/** The owner/due tail of an action item, e.g. "Owner: Ana · Due: Friday" (empty when neither was said). */
export function actionDetails(item: ActionItem, labels: { owner: string; due: string }): string {
  return [item.owner ? `${labels.owner}: ${oneLine(item.owner)}` : "", item.due ? `${labels.due}: ${oneLine(item.due)}` : ""]
    .filter(Boolean)
    .join(" · ");
}

export function* outlineBlocks(note: ExportableNote, { content, labels }: ExportRequest): Generator<OutlineBlock> {
  const isTimed = hasTimeline(note.segments);
  const withHours = needsHours(note.segments, note.durationSeconds);
  const clock = (seconds: number) => (isTimed ? readableClock(seconds, withHours) : null);
  yield { kind: "title", text: oneLine(displayTitle(note, labels)) };
  yield { kind: "meta", text: metadataLine(labels) };
  if (labels.engines) yield { kind: "meta", text: labels.engines };
  const notes = includesNotes(content) ? note.aiNotes : null;
  if (notes) {
    if (note.isExtractive) yield { kind: "notice", text: note.fallbackReason ? labels.notesFallback : labels.extractive };
    const summary = paragraphs(notes.summary);
    if (summary.length > 0) {
      yield { kind: "heading", text: labels.summary };
      for (const text of summary) yield { kind: "paragraph", text };
    }
    const keyPoints = notes.keyPoints.map(oneLine).filter(Boolean);
    if (keyPoints.length > 0) {
      yield { kind: "heading", text: labels.keyPoints };
      yield { kind: "bullets", items: keyPoints };
    }
    const decisions = notes.decisions.map(oneLine).filter(Boolean);
    if (decisions.length > 0) {
      yield { kind: "heading", text: labels.decisions };
      yield { kind: "bullets", items: decisions };
    }
    const actions = notes.actionItems
      .map((item) => ({ text: oneLine(item.text), owner: item.owner?.trim() || null, due: item.due?.trim() || null }))
      .filter((item) => item.text);
    if (actions.length > 0) {
      yield { kind: "heading", text: labels.actionItems };
      yield { kind: "actions", items: actions };
    }
    if (notes.chapters.length > 0) {
      yield { kind: "heading", text: labels.chapters };
      yield {
        kind: "chapters",
        items: notes.chapters.map((chapter) => ({
          clock: clock(chapter.start),
          title: oneLine(chapter.title),
          summary: oneLine(chapter.summary),
        })),
      };
    }
  }
  if (includesTranscript(content)) {
    yield { kind: "heading", text: labels.transcript };
    let isEmpty = true;
    for (const segment of note.segments) {
      const text = oneLine(segment.text);
      if (!text) continue;
      isEmpty = false;
      yield { kind: "utterance", clock: clock(segment.start), speaker: segment.speaker ? oneLine(segment.speaker) : null, text };
    }
    if (isEmpty) yield { kind: "paragraph", text: labels.emptyTranscript };
  }
}
