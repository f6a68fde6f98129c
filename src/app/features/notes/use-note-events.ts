import { useEffect, useRef } from "react";
import type { NoteView } from "../../../core/notes/schema";
import { apiBaseUrl } from "../../api/csrf-token";

/**
 * Live note changes over server-sent events (`GET /api/notes/events`). EventSource reconnects by itself
 * after a dropped connection; `onReconnect` lets the page re-read what it may have missed meanwhile.
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
    const source = new EventSource(`${apiBaseUrl()}/api/notes/events`, { withCredentials: true });
    let hasOpened = false;
    source.addEventListener("ready", () => {
      if (hasOpened) handlers.current.onReconnect?.();
      hasOpened = true;
    });
    source.addEventListener("note", (event) => {
      try {
        handlers.current.onNote(JSON.parse((event as MessageEvent<string>).data) as NoteView);
      } catch {
        // A malformed event is skipped; the next one carries the whole note again.
      }
    });
    source.addEventListener("deleted", (event) => {
      try {
        handlers.current.onDeleted?.((JSON.parse((event as MessageEvent<string>).data) as { id: string }).id);
      } catch {
        // A malformed event is skipped.
      }
    });
    return () => source.close();
  }, []);
}
