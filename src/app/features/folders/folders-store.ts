// The user's folders, read once and shared by every part of the page that shows them (the folders panel,
// the folder filter, each "move to folder" menu), so a folder made in one shows up in all at once.
import { useEffect, useSyncExternalStore } from "react";
import type { FolderView } from "~/shared/folders/folders-api";
import { createFolder, deleteFolder, fetchFolders, moveNoteToFolder, renameFolder } from "./queries";

/** The spec's loader states; after the first load, re-reads keep showing the folders they replace. */
export interface FoldersHolder {
  state: "idle" | "loading" | "success" | "error";
  items: FolderView[];
}

let holder: FoldersHolder = { state: "idle", items: [] };
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: FoldersHolder): void {
  holder = next;
  for (const listener of listeners) listener();
}

const byName = (a: FolderView, b: FolderView) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** Reads the folders again (note counts change when notes move); concurrent calls share one request. */
export function reloadFolders(): Promise<void> {
  if (pending) return pending;
  if (holder.state !== "success") publish({ ...holder, state: "loading" });
  pending = fetchFolders()
    .then(
      (items) => publish({ state: "success", items: [...items].sort(byName) }),
      () => publish({ ...holder, state: holder.state === "success" ? "success" : "error" }),
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function useFolders(): FoldersHolder {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holder,
    () => holder,
  );
  useEffect(() => {
    if (holder.state === "idle") void reloadFolders();
  }, []);
  return current;
}

/** Creates a folder (errors carry the API's translated message) and adds it in name order. */
export async function addFolder(name: string): Promise<FolderView> {
  const folder = await createFolder(name);
  publish({ state: "success", items: [...holder.items.filter((item) => item.id !== folder.id), folder].sort(byName) });
  return folder;
}

export async function changeFolderName(id: string, name: string): Promise<FolderView> {
  const folder = await renameFolder(id, name);
  publish({ ...holder, items: holder.items.map((item) => (item.id === id ? folder : item)).sort(byName) });
  return folder;
}

/** Deletes the folder; its notes stay, in no folder (they arrive as changed notes over the event stream). */
export async function removeFolder(id: string): Promise<void> {
  await deleteFolder(id);
  publish({ ...holder, items: holder.items.filter((item) => item.id !== id) });
}

/** Files a note and refreshes the counts. */
export async function fileNote(noteId: string, folderId: string | null) {
  const note = await moveNoteToFolder(noteId, folderId);
  void reloadFolders();
  return note;
}

export function folderById(items: FolderView[], id: string | null): FolderView | null {
  return id ? (items.find((item) => item.id === id) ?? null) : null;
}
