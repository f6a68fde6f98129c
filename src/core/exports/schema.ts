import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import type { ExportContent, ExportFormat } from "~/shared/exports/exports-api";
import type { MeetingTitleParts } from "~/shared/meetings/meeting-title";

/** Subtitle formats: only the timed transcript makes sense in them. */
export function isSubtitleFormat(format: ExportFormat): format is "srt" | "vtt" {
  return format === "srt" || format === "vtt";
}

export interface ExportSegment {
  /** Seconds from the start of the media. */
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  /** Word timings when the engine gave them: subtitle cues split on them. */
  words?: { start: number; end: number; word: string }[] | null;
}

/** Everything an exporter reads: one note, its AI notes (if any) and its transcript in order. */
export interface ExportableNote {
  title: string;
  /** A meeting note's automatic title, said in the reader's language by the route. */
  meetingTitle: MeetingTitleParts | null;
  createdAt: Date;
  language: string | null;
  durationSeconds: number | null;
  aiNotes: AiNotesContent | null;
  /** The AI notes are extracted highlights (no language model): labelled as such in every export. */
  isExtractive: boolean;
  /** Why extracted highlights stand in for a configured model's notes (labelled so); null otherwise. */
  fallbackReason: string | null;
  /** Which speech engine and model wrote the transcript (`notes.transcript_engine`), when known. */
  transcriptEngine: string | null;
  /** Which engine wrote the AI notes (`ai_notes.engine`), when the export holds them. */
  notesEngine: string | null;
  segments: ExportSegment[];
}

/** Translated words and the note's formatted facts, made by `exportLabels` for the reader's language. */
export interface ExportLabels {
  /** The title used when the note has none. */
  untitled: string;
  /** "Created 3 March 2026, 10:00" (already formatted in the reader's language and time zone). */
  created: string;
  /** "Duration: 1 h 5 min", or null when unknown. */
  duration: string | null;
  /** "Language: Spanish", or null when unknown. */
  language: string | null;
  extractive: string;
  /** The label of extracted highlights that stand in for a model's notes it could not use. */
  notesFallback: string;
  /** "Transcribed by whisper.cpp · base · Notes by gpt-4o-mini" (issue 19), or null when neither is known (extracted highlights have their notice). */
  engines: string | null;
  summary: string;
  keyPoints: string;
  decisions: string;
  actionItems: string;
  owner: string;
  due: string;
  chapters: string;
  transcript: string;
  /** Said where a transcript section has no segments. */
  emptyTranscript: string;
}

export interface ExportRequest {
  content: ExportContent;
  labels: ExportLabels;
}

/**
 * Text notes and documents have no timeline (every segment sits at 0 s): their exports carry no
 * timestamps and they cannot become subtitles.
 */
export function hasTimeline(segments: readonly ExportSegment[]): boolean {
  return segments.some((segment) => segment.end > 0);
}

/** The title a file shows: the note's, else the AI notes' title, else the translated "Untitled note". */
export function displayTitle(note: ExportableNote, labels: ExportLabels): string {
  return note.title.trim() || note.aiNotes?.title.trim() || labels.untitled;
}

/** The facts under the title, in order: created, duration, language (the missing ones left out). */
export function metadataLine(labels: ExportLabels): string {
  return [labels.created, labels.duration, labels.language].filter(Boolean).join(" · ");
}

export function includesNotes(content: ExportContent): boolean {
  return content !== "transcript";
}

export function includesTranscript(content: ExportContent): boolean {
  return content !== "notes";
}
