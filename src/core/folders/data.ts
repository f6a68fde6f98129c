import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { folders, notes } from "~/infra/db/notes-schema";
import type { FolderView } from "~/shared/folders/folders-api";

const folderColumns = {
  id: folders.id,
  name: folders.name,
  createdAt: folders.createdAt,
  noteCount: count(notes.id),
};

function toFolderView(row: { id: string; name: string; createdAt: Date; noteCount: number }): FolderView {
  return { id: row.id, name: row.name, noteCount: Number(row.noteCount), createdAt: row.createdAt.toISOString() };
}

/**
 * The user's folders by name (case-insensitive), each with how many notes it holds. A person keeps tens of
 * folders, not thousands, so the list is one page (`nextCursor` is always null).
 */
export async function listFolders(db: Database, { userId }: { userId: string }): Promise<{ items: FolderView[]; nextCursor: null }> {
  const rows = await db
    .select(folderColumns)
    .from(folders)
    // notes_user_folder_idx (user_id, folder_id, created_at) answers the counts.
    .leftJoin(notes, and(eq(notes.userId, folders.userId), eq(notes.folderId, folders.id)))
    .where(eq(folders.userId, userId))
    .groupBy(folders.id)
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  return { items: rows.map(toFolderView), nextCursor: null };
}

/** The user's folder, or null when it does not exist or belongs to someone else. */
export async function findFolder(db: Database, { userId, folderId }: { userId: string; folderId: string }): Promise<FolderView | null> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .leftJoin(notes, and(eq(notes.userId, folders.userId), eq(notes.folderId, folders.id)))
    .where(and(eq(folders.userId, userId), eq(folders.id, folderId)))
    .groupBy(folders.id);
  return row ? toFolderView(row) : null;
}
