// interpretations 11: the Notes page is kept alive while away. Each list (one per filter set) leaves its
// items, cursor and scroll position here; coming back shows them at once and refreshes in the background.
// Module state lives as long as the tab: signing in or out is a full page load, so it never crosses users.
import type { NoteView } from "~/shared/notes/notes-api";
import { readTimestamp } from "~/shared/timestamp";

export interface ListSnapshot {
  items: NoteView[];
  nextCursor: string | null;
  scrollY: number;
}

/** A few filter sets are enough to go back and forth between searches; the oldest is dropped first. */
const maxSnapshots = 8;
const snapshots = new Map<string, ListSnapshot>();

export function readSnapshot(key: string): ListSnapshot | null {
  return snapshots.get(key) ?? null;
}

export function saveSnapshot(key: string, patch: Partial<ListSnapshot>): void {
  const current = snapshots.get(key) ?? { items: [], nextCursor: null, scrollY: 0 };
  snapshots.delete(key);
  snapshots.set(key, { ...current, ...patch });
  for (const oldest of snapshots.keys()) {
    if (snapshots.size <= maxSnapshots) break;
    snapshots.delete(oldest);
  }
}

/** Drops a deleted note from every kept list (the note page calls this after a delete). */
export function forgetNote(noteId: string): void {
  for (const [key, snapshot] of snapshots) {
    if (snapshot.items.some((note) => note.id === noteId)) {
      snapshots.set(key, { ...snapshot, items: snapshot.items.filter((note) => note.id !== noteId) });
    }
  }
}

/** The list's order (the API's): newest first, ties by id, descending. */
export function isNewer(a: NoteView, b: NoteView): boolean {
  // spec 3: either timestamp shape (seconds/nanoseconds or _seconds/_nanoseconds) orders the same.
  const at = readTimestamp(a.data.createdAt) ?? { seconds: 0, nanoseconds: 0 };
  const bt = readTimestamp(b.data.createdAt) ?? { seconds: 0, nanoseconds: 0 };
  if (at.seconds !== bt.seconds) return at.seconds > bt.seconds;
  if (at.nanoseconds !== bt.nanoseconds) return at.nanoseconds > bt.nanoseconds;
  return a.id > b.id;
}

/**
 * A note that changed live: replaced where it is, or put in its place by date. A note older than every
 * loaded one while more pages exist is left for fetch-more to bring, so a page never repeats it.
 */
export function upsertNote(items: NoteView[], note: NoteView, hasMore: boolean): NoteView[] {
  if (items.some((known) => known.id === note.id)) return items.map((known) => (known.id === note.id ? note : known));
  const index = items.findIndex((known) => isNewer(note, known));
  if (index === -1) return hasMore ? items : [...items, note];
  return [...items.slice(0, index), note, ...items.slice(index)];
}

/**
 * A background refresh read the first page again: it is the truth for everything down to its last note;
 * notes further down that were already loaded stay, with their cursor, so the scroll position still fits.
 */
export function mergeFirstPage(
  kept: { items: NoteView[]; nextCursor: string | null },
  page: { items: NoteView[]; nextCursor: string | null },
) {
  const last = page.items[page.items.length - 1];
  if (!page.nextCursor || !last) return { items: page.items, nextCursor: page.nextCursor };
  const fresh = new Set(page.items.map((note) => note.id));
  const older = kept.items.filter((note) => !fresh.has(note.id) && isNewer(last, note));
  return older.length > 0
    ? { items: [...page.items, ...older], nextCursor: kept.nextCursor }
    : { items: page.items, nextCursor: page.nextCursor };
}

/** Where the page was scrolled to; kept only for a list that is itself kept. */
export function saveScroll(key: string, scrollY: number): void {
  const current = snapshots.get(key);
  if (current) snapshots.set(key, { ...current, scrollY });
}
