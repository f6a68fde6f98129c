// The folder calls the dashboard makes: list, read, create, rename, delete, and filing a note.

import { apiRequest } from "~/app/api/api-client";
import type { FolderView } from "~/shared/folders/folders-api";
import type { NoteView } from "~/shared/notes/notes-api";

export async function fetchFolders(signal?: AbortSignal): Promise<FolderView[]> {
  const answer = await apiRequest<{ items: FolderView[]; nextCursor: null }>("GET", "/folders", { signal });
  return answer.items;
}

export async function fetchFolder(id: string, signal?: AbortSignal): Promise<FolderView> {
  const answer = await apiRequest<{ folder: FolderView }>("GET", `/folders/${encodeURIComponent(id)}`, { signal });
  return answer.folder;
}

export async function createFolder(name: string): Promise<FolderView> {
  const answer = await apiRequest<{ folder: FolderView }>("POST", "/folders", { body: { name } });
  return answer.folder;
}

export async function renameFolder(id: string, name: string): Promise<FolderView> {
  const answer = await apiRequest<{ folder: FolderView }>("PATCH", `/folders/${encodeURIComponent(id)}`, { body: { name } });
  return answer.folder;
}

export async function deleteFolder(id: string): Promise<void> {
  await apiRequest("DELETE", `/folders/${encodeURIComponent(id)}`);
}

/** Files the note in the folder, or in none (`folderId` null); answers the note as it now is. */
export async function moveNoteToFolder(noteId: string, folderId: string | null): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("PUT", `/notes/${encodeURIComponent(noteId)}/folder`, { body: { folderId } });
  return answer.note;
}
