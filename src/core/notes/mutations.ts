import { and, eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/infra/db/client";
import { notifyNoteChanged } from "~/infra/db/note-changes";
import { type NoteSource, notes, type TranscriptWord, transcriptSegments } from "~/infra/db/notes-schema";
import type { Storage } from "~/infra/storage/storage";
import type { NoteType, TranscriptionCode } from "~/shared/notes/statuses";
import { segmentColumns } from "./data";
import { noteKeys } from "./storage-keys";

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
    | "transcriptEngine"
    | "title"
    | "mediaKey"
    | "folderId"
    | "meeting"
    | "source"
  >
>;

/** Updates the user's note and tells open pages; false when it is not the user's (or is gone). */
export async function updateNote(
  db: Database,
  {
    userId,
    noteId,
    patch,
    whenTranscriptionCode,
  }: {
    userId: string;
    noteId: string;
    patch: NotePatch;
    /** Only while the note still has this transcription status: of two racing callers, one changes it. */
    whenTranscriptionCode?: TranscriptionCode;
  },
): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(notes.userId, userId),
        eq(notes.id, noteId),
        whenTranscriptionCode ? eq(notes.transcriptionCode, whenTranscriptionCode) : undefined,
      ),
    )
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

/** A table of rows that belong to one note (its transcript segments, their embeddings). */
type RowsOfNoteTable = PgTable & { noteId: PgColumn };

/**
 * Replaces all of a note's rows in `table` in one transaction, so a retried job leaves exactly one set;
 * false, with nothing changed, when the note is not the user's. Rows go in batches of `batchSize`: each
 * INSERT's parameter count stays far below PostgreSQL's 65,535 on long transcripts.
 */
export async function replaceRowsOfNote<Table extends RowsOfNoteTable>(
  db: Database,
  table: Table,
  { userId, noteId, rows, batchSize }: { userId: string; noteId: string; rows: readonly PgInsertValue<Table>[]; batchSize: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
      .limit(1);
    if (!owned) return false;
    await tx.delete(table).where(eq(table.noteId, noteId));
    for (let first = 0; first < rows.length; first += batchSize) {
      await tx.insert(table).values(rows.slice(first, first + batchSize));
    }
    return true;
  });
}

/** Replaces the whole transcript in one transaction, so a retried job leaves exactly one copy. */
export async function replaceSegments(
  db: Database,
  { userId, noteId, segments }: { userId: string; noteId: string; segments: SegmentInput[] },
): Promise<boolean> {
  const isDone = await replaceRowsOfNote(db, transcriptSegments, {
    userId,
    noteId,
    rows: segments.map((segment, position) => ({
      noteId,
      position,
      startSeconds: segment.start,
      endSeconds: segment.end,
      text: segment.text,
      speaker: segment.speaker ?? null,
      words: segment.words ?? null,
    })),
    batchSize: 500,
  });
  if (isDone) await notifyNoteChanged(db, { userId, noteId });
  return isDone;
}

/** A person's correction of one segment: its text, its speaker label, or both. */
export interface SegmentEdit {
  text?: string;
  /** null clears the label. */
  speaker?: string | null;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * Edits one segment of the user's note. Word timings survive a text edit only when the word count is the
 * same (each word keeps its time, with the new spelling); otherwise no timing can be trusted and they go.
 * Null when the note is not the user's or has no segment at that position.
 */
export async function editSegment(
  db: Database,
  { userId, noteId, position, edit }: { userId: string; noteId: string; position: number; edit: SegmentEdit },
): Promise<{ position: number; start: number; end: number; text: string; speaker: string | null; words: TranscriptWord[] | null } | null> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ words: transcriptSegments.words })
      .from(transcriptSegments)
      .innerJoin(notes, eq(notes.id, transcriptSegments.noteId))
      .where(and(eq(notes.userId, userId), eq(transcriptSegments.noteId, noteId), eq(transcriptSegments.position, position)))
      .limit(1)
      .for("update");
    if (!current) return null;
    const patch: Partial<typeof transcriptSegments.$inferInsert> = {};
    if (edit.speaker !== undefined) patch.speaker = edit.speaker;
    if (edit.text !== undefined) {
      const newWords = wordsOf(edit.text);
      const oldWords = current.words ?? null;
      patch.text = edit.text;
      patch.words =
        oldWords && oldWords.length === newWords.length
          ? oldWords.map((word, index) => ({ ...word, word: newWords[index] ?? word.word }))
          : null;
    }
    const [row] = await tx
      .update(transcriptSegments)
      .set(patch)
      .where(and(eq(transcriptSegments.noteId, noteId), eq(transcriptSegments.position, position)))
      .returning(segmentColumns);
    await tx.update(notes).set({ updatedAt: new Date() }).where(eq(notes.id, noteId));
    return row ?? null;
  });
  if (updated) await notifyNoteChanged(db, { userId, noteId });
  return updated;
}

/** Renames a speaker in every segment of the user's note; the count changed, or null when not the user's note. */
export async function renameSpeaker(
  db: Database,
  { userId, noteId, from, to }: { userId: string; noteId: string; from: string; to: string },
): Promise<number | null> {
  const [owned] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .limit(1);
  if (!owned) return null;
  const rows = await db
    .update(transcriptSegments)
    .set({ speaker: to })
    .where(and(eq(transcriptSegments.noteId, noteId), eq(transcriptSegments.speaker, from)))
    .returning({ position: transcriptSegments.position });
  if (rows.length > 0) await notifyNoteChanged(db, { userId, noteId });
  return rows.length;
}

/**
 * Deletes the user's note: its files first (original media, checkpoints: a storage failure leaves the
 * note in place to try again, never files without a note), then the row, and by cascade its transcript,
 * AI notes and chats. Usage already counted stays counted. False when the note is not the user's.
 */
export async function deleteNote(
  db: Database,
  storage: Pick<Storage, "deletePrefix">,
  { userId, noteId }: { userId: string; noteId: string },
): Promise<boolean> {
  const [owned] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .limit(1);
  if (!owned) return false;
  await storage.deletePrefix(noteKeys.prefix(userId, noteId));
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  if (rows.length === 0) return false;
  await notifyNoteChanged(db, { userId, noteId });
  return true;
}
