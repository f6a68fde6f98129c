import type { DatabaseHandle } from "~/infra/db/client";
import { listenNoteChanges, type NoteChange } from "~/infra/db/note-changes";
import type { Logger } from "~/infra/logging/logger";

/**
 * Fans database note-change notifications out to the open pages of each user (server-sent events).
 * One LISTEN per web process, however many pages are open.
 */
export interface NoteEventHub {
  subscribe(userId: string, onChange: (change: NoteChange) => void): () => void;
  stop(): Promise<void>;
}

export async function startNoteEventHub(handle: DatabaseHandle, logger: Logger): Promise<NoteEventHub> {
  const byUser = new Map<string, Set<(change: NoteChange) => void>>();
  const stopListening = await listenNoteChanges(
    handle,
    (change) => {
      for (const listener of byUser.get(change.userId) ?? []) listener(change);
    },
    (error) => logger.warn({ err: error }, "note change listener lost its connection"),
  );
  return {
    subscribe(userId, onChange) {
      const listeners = byUser.get(userId) ?? new Set();
      listeners.add(onChange);
      byUser.set(userId, listeners);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) byUser.delete(userId);
      };
    },
    stop: stopListening,
  };
}
