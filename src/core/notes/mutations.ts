import { and, eq } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { type NoteSource, notes, type TranscriptWord, transcriptSegments } from "../../infra/db/notes-schema";
import type { NoteType, TranscriptionCode } from "../../shared/notes/statuses";

export interface CreateNoteInput {
  userId: string;
  type: NoteType;
  title: string;
  source: NoteSource;
  language?: string | null;
  mediaKey?: string | null;
  transcriptionCode?: TranscriptionCode | null;
}

export async function createNote(db: Database, input: CreateNoteInput): Promise<{ id: string }> {
  const [row] = await db
    .insert(notes)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      source: input.source,
      language: input.language ?? null,
      mediaKey: input.mediaKey ?? null,
      transcriptionCode: input.transcriptionCode ?? null,
    })
    .returning({ id: notes.id });
  if (!row) throw new Error("note insert returned nothing");
  return row;
}

/** Sets the transcription status (and why it failed); returns false when the note is not the user's. */
export async function setTranscriptionStatus(
  db: Database,
  { userId, noteId, code, error = null }: { userId: string; noteId: string; code: TranscriptionCode; error?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ transcriptionCode: code, transcriptionError: error, updatedAt: new Date() })
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}

export interface SegmentInput {
  start: number;
  end: number;
  text: string;
  speaker?: string | null;
  words?: TranscriptWord[] | null;
}

/** Replaces the whole transcript in one transaction, so a retried job leaves exactly one copy. */
export async function replaceSegments(
  db: Database,
  { userId, noteId, segments }: { userId: string; noteId: string; segments: SegmentInput[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
      .limit(1);
    if (!owned) return false;
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.noteId, noteId));
    if (segments.length > 0) {
      await tx.insert(transcriptSegments).values(
        segments.map((segment, position) => ({
          noteId,
          position,
          startSeconds: segment.start,
          endSeconds: segment.end,
          text: segment.text,
          speaker: segment.speaker ?? null,
          words: segment.words ?? null,
        })),
      );
    }
    return true;
  });
}
