import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notifyNoteChanged } from "~/infra/db/note-changes";
import { folders, notes } from "~/infra/db/notes-schema";
import type { FolderView } from "~/shared/folders/folders-api";
import { updateNote } from "../notes/mutations";
import { findFolder } from "./data";

/** PostgreSQL's SQLSTATE of an error, wherever the driver (pg, PGlite) or Drizzle put it. */
function sqlState(error: unknown): string | null {
  for (let current: unknown = error; typeof current === "object" && current !== null; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
const uniqueViolation = "23505";
const foreignKeyViolation = "23503";

/** Creates the folder; `nameTaken` when the user has one of that name in any case (folders_user_name_idx). */
export async function createFolder(
  db: Database,
  { userId, name }: { userId: string; name: string },
): Promise<{ folder: FolderView } | { error: "nameTaken" }> {
  // No conflict target: the only unique constraints a new row can hit are the random id and the name.
  const [row] = await db.insert(folders).values({ userId, name }).onConflictDoNothing().returning();
  if (!row) return { error: "nameTaken" };
  return { folder: { id: row.id, name: row.name, noteCount: 0, createdAt: row.createdAt.toISOString() } };
}

/** Renames the user's folder (a change of case alone is allowed); `missing` when it is not the user's. */
export async function renameFolder(
  db: Database,
  { userId, folderId, name }: { userId: string; folderId: string; name: string },
): Promise<{ folder: FolderView } | { error: "missing" | "nameTaken" }> {
  try {
    const rows = await db
      .update(folders)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(folders.userId, userId), eq(folders.id, folderId)))
      .returning({ id: folders.id });
    if (rows.length === 0) return { error: "missing" };
  } catch (error) {
    if (sqlState(error) === uniqueViolation) return { error: "nameTaken" };
    throw error;
  }
  const folder = await findFolder(db, { userId, folderId });
  return folder ? { folder } : { error: "missing" };
}

/**
 * Deletes the user's folder and keeps its notes: the foreign key sets their folder_id to null. Open pages
 * hear about each note that left it. False when the folder is not the user's.
 */
export async function deleteFolder(db: Database, { userId, folderId }: { userId: string; folderId: string }): Promise<boolean> {
  const movedIds = await db.transaction(async (tx) => {
    const filed = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.folderId, folderId)));
    const deleted = await tx
      .delete(folders)
      .where(and(eq(folders.userId, userId), eq(folders.id, folderId)))
      .returning({ id: folders.id });
    return deleted.length === 0 ? null : filed.map((note) => note.id);
  });
  if (movedIds === null) return false;
  for (const noteId of movedIds) await notifyNoteChanged(db, { userId, noteId });
  return true;
}

/**
 * Files the user's note in the user's folder, or in none (`folderId` null). Another user's note or folder
 * reads as missing, exactly like one that does not exist.
 */
export async function moveNote(
  db: Database,
  { userId, noteId, folderId }: { userId: string; noteId: string; folderId: string | null },
): Promise<"moved" | "noteMissing" | "folderMissing"> {
  if (folderId !== null && !(await findFolder(db, { userId, folderId }))) return "folderMissing";
  try {
    return (await updateNote(db, { userId, noteId, patch: { folderId } })) ? "moved" : "noteMissing";
  } catch (error) {
    // The folder was deleted between the check and the move.
    if (sqlState(error) === foreignKeyViolation) return "folderMissing";
    throw error;
  }
}
