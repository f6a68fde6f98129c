import { useCallback, useEffect, useRef, useState } from "react";
import type { NoteView } from "~/shared/notes/notes-api";
import { isNoteWorkUnderWay } from "~/shared/notes/statuses";
import { filtersToQuery, type ListFilters, listKey, matchesFilters, noFilters } from "./list-filters";
import { forgetNote, mergeFirstPage, readSnapshot, saveSnapshot, upsertNote } from "./notes-list-cache";
import { fetchNotes } from "./queries";
import { useNoteEvents } from "./use-note-events";

/** The spec's request holder for lists: idle, loading, refreshing, fetching-more, success, error. */
export type ListState = "idle" | "loading" | "refreshing" | "fetching-more" | "success" | "error";

export interface NotesList {
  /** The list's identity (filters and page size): its keep-alive cache entry. */
  key: string;
  state: ListState;
  items: NoteView[];
  nextCursor: string | null;
  /** Runs only when a next cursor exists: appends the next page and replaces the cursor. */
  fetchMore(): void;
  refresh(): void;
  /** A note changed here (moved to a folder): shown at once, or dropped when it left the filters. */
  applyNote(note: NoteView): void;
}

interface Holder {
  key: string;
  state: ListState;
  items: NoteView[];
  nextCursor: string | null;
}

/** A kept list comes back as it was left, refreshing; a new one starts idle. */
function startHolder(key: string, keepAlive: boolean): Holder {
  const kept = keepAlive ? readSnapshot(key) : null;
  return kept
    ? { key, state: "refreshing", items: kept.items, nextCursor: kept.nextCursor }
    : { key, state: "idle", items: [], nextCursor: null };
}

/**
 * The user's notes, newest first, in cursor pages of `pageSize`, searched and filtered. Changes arrive
 * live over the notes event stream (a known note is replaced in place, a new one goes in its place by date
 * when it fits the filters); a reconnect re-reads. With `keepAlive` (interpretations 11) the list survives
 * leaving the page: back on it, the kept items and cursor show at once while the first page refreshes.
 */
export function useNotesList({
  pageSize = 20,
  filters = noFilters,
  keepAlive = false,
}: {
  pageSize?: number;
  filters?: ListFilters;
  keepAlive?: boolean;
} = {}): NotesList {
  const key = listKey(filters, pageSize);
  const [stored, setHolder] = useState<Holder>(() => startHolder(key, keepAlive));
  // Other filters: switch to their kept list (or none) during this render, never showing the old one's items.
  let holder = stored;
  if (stored.key !== key) {
    holder = startHolder(key, keepAlive);
    setHolder(holder);
  }
  const request = useRef<AbortController | null>(null);
  const filtersNow = useRef(filters);
  filtersNow.current = filters;

  const load = useCallback(
    (mode: "loading" | "refreshing" | "fetching-more", cursor?: string) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const ours = (update: (current: Holder) => Holder) => setHolder((current) => (current.key === key ? update(current) : current));
      ours((current) => ({ ...current, state: mode }));
      fetchNotes({ cursor, limit: pageSize, filters: filtersToQuery(filtersNow.current) }, controller.signal).then(
        (page) =>
          ours((current) => {
            const next =
              mode === "fetching-more"
                ? {
                    items: [...current.items, ...page.items.filter((note) => !current.items.some((known) => known.id === note.id))],
                    nextCursor: page.nextCursor,
                  }
                : mode === "refreshing"
                  ? mergeFirstPage(current, page)
                  : page;
            return { key, state: "success", ...next };
          }),
        () => {
          if (!controller.signal.aborted) ours((current) => ({ ...current, state: "error" }));
        },
      );
    },
    [key, pageSize],
  );

  useEffect(() => {
    load(keepAlive && readSnapshot(key) ? "refreshing" : "loading");
    return () => request.current?.abort();
  }, [load, key, keepAlive]);

  useEffect(() => {
    if (keepAlive && holder.state === "success") saveSnapshot(key, { items: holder.items, nextCursor: holder.nextCursor });
  }, [keepAlive, key, holder]);

  const applyNote = useCallback(
    (changed: NoteView) =>
      setHolder((current) => {
        if (current.key !== key) return current;
        const isKnown = current.items.some((note) => note.id === changed.id);
        if (!matchesFilters(changed, filtersNow.current, isKnown)) {
          return isKnown ? { ...current, items: current.items.filter((note) => note.id !== changed.id) } : current;
        }
        return { ...current, items: upsertNote(current.items, changed, current.nextCursor !== null) };
      }),
    [key],
  );

  const dropNote = useCallback((noteId: string) => {
    forgetNote(noteId);
    setHolder((current) => ({ ...current, items: current.items.filter((note) => note.id !== noteId) }));
  }, []);

  // Rows shown under way may have finished before the stream listened (their events went to nobody): read
  // the first page again then, or once a read still running at that moment has shown them.
  const shown = useRef(holder);
  shown.current = holder;
  const recheckAfterRead = useRef(false);
  const recheck = useCallback(() => {
    const { state, items } = shown.current;
    if (state !== "success") recheckAfterRead.current = state === "loading" || state === "refreshing";
    else if (items.some((note) => isNoteWorkUnderWay(note.data))) load("refreshing");
  }, [load]);
  useEffect(() => {
    if (holder.state !== "success" || !recheckAfterRead.current) return;
    recheckAfterRead.current = false;
    recheck();
  }, [holder.state, recheck]);
  useNoteEvents({ onNote: applyNote, onDeleted: dropNote, onReconnect: () => load("refreshing"), onFirstConnect: recheck });

  return {
    key,
    state: holder.state,
    items: holder.items,
    nextCursor: holder.nextCursor,
    fetchMore: () => {
      if (holder.nextCursor && holder.state !== "fetching-more") load("fetching-more", holder.nextCursor);
    },
    refresh: () => load("refreshing"),
    applyNote,
  };
}
