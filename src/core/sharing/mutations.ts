import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notifyNoteChanged } from "~/infra/db/note-changes";
import { notes } from "~/infra/db/notes-schema";

/**
 * A public link id: 18 random bytes (144 bits, over the 128 that make guessing hopeless) as base64url,
 * 24 characters that fit the route parameter rule (letters, digits, dash, underscore).
 */
export function newShareId(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Shares the user's note: its existing public link id, or a new one. One statement, so two clicks at
 * once still end with one link. Null when the note is not the user's.
 */
export async function shareNote(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<string | null> {
  const [row] = await db
    .update(notes)
    .set({ shareId: sql`coalesce(${notes.shareId}, ${newShareId()})` })
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ shareId: notes.shareId });
  if (!row?.shareId) return null;
  await notifyNoteChanged(db, { userId, noteId });
  return row.shareId;
}

/** Turns the public link off (the old address then finds nothing); false when the note is not the user's. */
export async function revokeShare(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ shareId: null })
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  if (rows.length === 0) return false;
  await notifyNoteChanged(db, { userId, noteId });
  return true;
}
