import type { Database } from "~/infra/db/client";
import type { ExportContent, ExportFormat } from "~/shared/exports/exports-api";
import { automaticMeetingTitle } from "~/shared/meetings/meeting-title";
import { findAiNotes } from "../ai-notes/data";
import { findNote, listSegments } from "../notes/data";
import { type ExportableNote, hasTimeline, includesNotes, isSubtitleFormat } from "./schema";

export type ExportPreparation =
  | { outcome: "ready"; note: ExportableNote; content: ExportContent }
  /** Not the user's note (or gone): the caller answers 404. */
  | { outcome: "missing" }
  /** The transcription has not finished with a transcript. */
  | { outcome: "noTranscript" }
  /** Subtitles asked of a transcript without times (pasted text, a document). */
  | { outcome: "noTimeline" }
  /** Only the AI notes asked, and there are none yet. */
  | { outcome: "noAiNotes" };

/**
 * The user's note as the exporters read it, or why it cannot be exported as asked. Subtitles always
 * hold the transcript, whatever content was asked; "all" without AI notes is just the transcript.
 */
export async function prepareExport(
  db: Database,
  { userId, noteId, format, content }: { userId: string; noteId: string; format: ExportFormat; content: ExportContent },
): Promise<ExportPreparation> {
  const row = await findNote(db, { userId, noteId });
  if (!row) return { outcome: "missing" };
  if (row.transcriptionCode !== "transcription_ready") return { outcome: "noTranscript" };
  const segments = (await listSegments(db, { userId, noteId })).map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text,
    speaker: segment.speaker,
    words: segment.words,
  }));
  const isSubtitle = isSubtitleFormat(format);
  // A ready transcript with no segments (nothing was said) still exports: an empty, valid file.
  if (isSubtitle && segments.length > 0 && !hasTimeline(segments)) return { outcome: "noTimeline" };
  const effective: ExportContent = isSubtitle ? "transcript" : content;
  const aiNotes = includesNotes(effective) ? await findAiNotes(db, { userId, noteId }) : null;
  if (effective === "notes" && !aiNotes) return { outcome: "noAiNotes" };
  return {
    outcome: "ready",
    content: effective,
    note: {
      title: row.title,
      meetingTitle: row.source.kind === "meeting" ? automaticMeetingTitle(row.title, row.source.url) : null,
      createdAt: row.createdAt,
      language: row.language,
      durationSeconds: row.recordingDurationSeconds,
      aiNotes: aiNotes?.content ?? null,
      isExtractive: aiNotes?.isExtractive ?? false,
      fallbackReason: aiNotes?.fallbackReason ?? null,
      transcriptEngine: row.transcriptEngine,
      notesEngine: aiNotes?.engine ?? null,
      segments,
    },
  };
}
