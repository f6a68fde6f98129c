import { useCallback, useEffect, useRef, useState } from "react";
import type { NoteView } from "../../../core/notes/schema";
import { fetchNotes } from "./queries";
import { useNoteEvents } from "./use-note-events";

/** The spec's request holder for lists: idle, loading, refreshing, fetching-more, success, error. */
export type ListState = "idle" | "loading" | "refreshing" | "fetching-more" | "success" | "error";

export interface NotesList {
  state: ListState;
  items: NoteView[];
  nextCursor: string | null;
  /** Runs only when a next cursor exists: appends the next page and replaces the cursor. */
  fetchMore(): void;
  refresh(): void;
}

/**
 * The signed-in user's notes, newest first, in cursor pages of `pageSize`. Changes arrive live over the
 * notes event stream: a known note is replaced in place, a new one goes on top; a reconnect re-reads.
 */
export function useNotesList({ pageSize = 20 }: { pageSize?: number } = {}): NotesList {
  const [state, setState] = useState<ListState>("idle");
  const [items, setItems] = useState<NoteView[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    (mode: "loading" | "refreshing" | "fetching-more", cursor?: string) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState(mode);
      fetchNotes({ cursor, limit: pageSize }, controller.signal).then(
        (page) => {
          setItems((current) =>
            mode === "fetching-more"
              ? [...current, ...page.items.filter((note) => !current.some((known) => known.id === note.id))]
              : page.items,
          );
          setNextCursor(page.nextCursor);
          setState("success");
        },
        () => {
          if (!controller.signal.aborted) setState("error");
        },
      );
    },
    [pageSize],
  );

  useEffect(() => {
    load("loading");
    return () => request.current?.abort();
  }, [load]);

  useNoteEvents({
    onNote: (changed) =>
      setItems((current) =>
        current.some((note) => note.id === changed.id)
          ? current.map((note) => (note.id === changed.id ? changed : note))
          : [changed, ...current],
      ),
    onReconnect: () => load("refreshing"),
  });

  return {
    state,
    items,
    nextCursor,
    fetchMore: () => {
      if (nextCursor && state !== "fetching-more") load("fetching-more", nextCursor);
    },
    refresh: () => load("refreshing"),
  };
}
