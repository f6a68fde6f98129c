import { and, eq } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { notifyNoteChanged } from "../../infra/db/note-changes";
import { type NoteSource, notes, type TranscriptWord, transcriptSegments } from "../../infra/db/notes-schema";
import type { NoteType, TranscriptionCode } from "../../shared/notes/statuses";

export interface CreateNoteInput {
  /** A caller-chosen id makes creation idempotent (an upload that finishes twice makes one note). */
  id?: string;
  userId: string;
  type: NoteType;
  title: string;
  source: NoteSource;
  language?: string | null;
  mediaKey?: string | null;
  transcriptionCode?: TranscriptionCode | null;
}

/** Creates the note; with a given id that already exists, returns it unchanged (`isNew` false). */
export async function createNote(db: Database, input: CreateNoteInput): Promise<{ id: string; isNew: boolean }> {
  const [row] = await db
    .insert(notes)
    .values({
      ...(input.id ? { id: input.id } : {}),
      userId: input.userId,
      type: input.type,
      title: input.title,
      source: input.source,
      language: input.language ?? null,
      mediaKey: input.mediaKey ?? null,
      transcriptionCode: input.transcriptionCode ?? null,
    })
    .onConflictDoNothing({ target: notes.id })
    .returning({ id: notes.id });
  if (row) {
    await notifyNoteChanged(db, { userId: input.userId, noteId: row.id });
    return { id: row.id, isNew: true };
  }
  if (!input.id) throw new Error("note insert returned nothing");
  return { id: input.id, isNew: false };
}

type NotePatch = Partial<
  Pick<
    typeof notes.$inferInsert,
    | "transcriptionCode"
    | "transcriptionError"
    | "transcriptionProgress"
    | "recordingDurationSeconds"
    | "active"
    | "language"
    | "title"
    | "mediaKey"
  >
>;

/** Updates the user's note and tells open pages; false when it is not the user's (or is gone). */
export async function updateNote(
  db: Database,
  { userId, noteId, patch }: { userId: string; noteId: string; patch: NotePatch },
): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  if (rows.length === 0) return false;
  await notifyNoteChanged(db, { userId, noteId });
  return true;
}

/** Sets the transcription status (and why it failed); returns false when the note is not the user's. */
export async function setTranscriptionStatus(
  db: Database,
  { userId, noteId, code, error = null }: { userId: string; noteId: string; code: TranscriptionCode; error?: string | null },
): Promise<boolean> {
  return updateNote(db, {
    userId,
    noteId,
    patch: { transcriptionCode: code, transcriptionError: error, transcriptionProgress: code === "transcription_in_progress" ? 0 : null },
  });
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
  const isDone = await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
      .limit(1);
    if (!owned) return false;
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.noteId, noteId));
    // Batches keep each INSERT's parameter count far below PostgreSQL's 65,535 on long transcripts.
    for (let first = 0; first < segments.length; first += 500) {
      await tx.insert(transcriptSegments).values(
        segments.slice(first, first + 500).map((segment, index) => ({
          noteId,
          position: first + index,
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
  if (isDone) await notifyNoteChanged(db, { userId, noteId });
  return isDone;
}
