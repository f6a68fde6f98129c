import { useEffect, useRef } from "react";
import { subscribeLiveConnect, subscribeLiveEvent } from "~/app/api/live-events";
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
  onFirstConnect,
}: {
  onNote(note: NoteView): void;
  /** A note of the user's was deleted (in this tab or another). */
  onDeleted?(noteId: string): void;
  onReconnect?(): void;
  /**
   * The page's stream has just connected for the first time: a note whose job ended between the page's
   * read and this moment sent its event to nobody, so work shown as under way may be done already.
   */
  onFirstConnect?(): void;
}) {
  const handlers = useRef({ onNote, onDeleted, onReconnect, onFirstConnect });
  handlers.current = { onNote, onDeleted, onReconnect, onFirstConnect };
  useEffect(() => {
    const unsubscribers = [
      subscribeLiveConnect((isReconnect) => (isReconnect ? handlers.current.onReconnect?.() : handlers.current.onFirstConnect?.())),
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
