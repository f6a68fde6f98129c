import { useEffect, useRef } from "react";
import { subscribeLiveEvent, subscribeLiveReconnect } from "~/app/api/live-events";
import type { NoteView } from "~/shared/notes/notes-api";

/**
 * Live note changes over server-sent events (`GET /api/notes/events`, the page's one shared connection).
 * EventSource reconnects by itself after a dropped connection; `onReconnect` lets the page re-read what it
 * may have missed meanwhile.
 */
export function useNoteEvents({
  onNote,
  onDeleted,
  onReconnect,
}: {
  onNote(note: NoteView): void;
  /** A note of the user's was deleted (in this tab or another). */
  onDeleted?(noteId: string): void;
  onReconnect?(): void;
}) {
  const handlers = useRef({ onNote, onDeleted, onReconnect });
  handlers.current = { onNote, onDeleted, onReconnect };
  useEffect(() => {
    const unsubscribers = [
      subscribeLiveReconnect(() => handlers.current.onReconnect?.()),
      subscribeLiveEvent("note", (data) => {
        try {
          handlers.current.onNote(JSON.parse(data) as NoteView);
        } catch {
          // A malformed event is skipped; the next one carries the whole note again.
        }
      }),
      subscribeLiveEvent("deleted", (data) => {
        try {
          handlers.current.onDeleted?.((JSON.parse(data) as { id: string }).id);
        } catch {
          // A malformed event is skipped.
        }
      }),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, []);
}
