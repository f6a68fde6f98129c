import { and, asc, desc, eq, lt, or } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { notes, transcriptSegments } from "../../infra/db/notes-schema";
import { decodeCursor, encodeCursor, type NotePage, type NoteView, toTimestamp } from "./schema";

type NoteRow = typeof notes.$inferSelect;

export function toNoteView(row: NoteRow): NoteView {
  return {
    id: row.id,
    data: {
      title: row.title,
      type: row.type,
      meeting: row.meeting ?? null,
      transcriptionCode: row.transcriptionCode ?? null,
      active: row.active,
      createdAt: toTimestamp(row.createdAt),
      recordingDuration: row.recordingDurationSeconds,
      calendarId: row.calendarId,
      eventId: row.eventId,
      transcriptionError: row.transcriptionError,
      transcriptionProgress: row.transcriptionProgress,
      language: row.language,
      folderId: row.folderId,
      shareId: row.shareId,
      notesStatus: row.notesStatus,
      notesProgress: row.notesProgress,
      notesError: row.notesError,
    },
  };
}

/** The user's note, or null when it does not exist or belongs to someone else. */
export async function findNote(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<NoteRow | null> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .limit(1);
  return row ?? null;
}

/** Newest first, `limit` per page; an unreadable cursor starts from the top. */
export async function listNotes(
  db: Database,
  { userId, cursor, limit = 20 }: { userId: string; cursor?: string | null; limit?: number },
): Promise<NotePage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(notes)
    .where(
      and(
        eq(notes.userId, userId),
        after ? or(lt(notes.createdAt, after.createdAt), and(eq(notes.createdAt, after.createdAt), lt(notes.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toNoteView), nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** The note's transcript in order; empty for another user's note. */
export async function listSegments(db: Database, { userId, noteId }: { userId: string; noteId: string }) {
  return db
    .select({
      position: transcriptSegments.position,
      start: transcriptSegments.startSeconds,
      end: transcriptSegments.endSeconds,
      text: transcriptSegments.text,
      speaker: transcriptSegments.speaker,
      words: transcriptSegments.words,
    })
    .from(transcriptSegments)
    .innerJoin(notes, eq(notes.id, transcriptSegments.noteId))
    .where(and(eq(notes.userId, userId), eq(transcriptSegments.noteId, noteId)))
    .orderBy(asc(transcriptSegments.position));
}
