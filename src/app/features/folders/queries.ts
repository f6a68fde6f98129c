// The folder calls the dashboard makes: list, read, create, rename, delete, and filing a note. Typed by
// the API's contract (decision 021): paths, parameters, bodies and answers are checked at compile time.

import { api, call } from "~/app/api/typed-api";
import type { FolderView } from "~/shared/folders/folders-api";
import type { NoteView } from "~/shared/notes/notes-api";

export async function fetchFolders(signal?: AbortSignal): Promise<FolderView[]> {
  return (await call(api().GET("/folders", { signal }))).items;
}

export async function fetchFolder(id: string, signal?: AbortSignal): Promise<FolderView> {
  return (await call(api().GET("/folders/{id}", { params: { path: { id } }, signal }))).folder;
}

export async function createFolder(name: string): Promise<FolderView> {
  return (await call(api().POST("/folders", { body: { name } }))).folder;
}

export async function renameFolder(id: string, name: string): Promise<FolderView> {
  return (await call(api().PATCH("/folders/{id}", { params: { path: { id } }, body: { name } }))).folder;
}

export async function deleteFolder(id: string): Promise<void> {
  await call(api().DELETE("/folders/{id}", { params: { path: { id } } }));
}

/** Files the note in the folder, or in none (`folderId` null); answers the note as it now is. */
export async function moveNoteToFolder(noteId: string, folderId: string | null): Promise<NoteView> {
  return (await call(api().PUT("/notes/{id}/folder", { params: { path: { id: noteId } }, body: { folderId } }))).note;
}
