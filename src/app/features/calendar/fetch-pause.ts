// spec section 4: calendar event fetching may be paused for named reasons and resumes when none remain.
// Reasons are names: "hidden" (the tab is in the background), "offline", and "toggle:<event>" while a
// join toggle is in flight (a poll then would overwrite the value being saved). Adding a reason twice is
// one reason; the resume callback runs once, when the last reason goes.

export type PauseReason = "hidden" | "offline" | `toggle:${string}`;

export interface FetchPause {
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  isPaused(): boolean;
  reasons(): PauseReason[];
  /** Called on every change of the reasons; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createFetchPause(onResume: () => void): FetchPause {
  const active = new Set<PauseReason>();
  const listeners = new Set<() => void>();
  const publish = () => {
    for (const listener of listeners) listener();
  };
  return {
    pause(reason) {
      if (active.has(reason)) return;
      active.add(reason);
      publish();
    },
    resume(reason) {
      if (!active.delete(reason)) return;
      publish();
      if (active.size === 0) onResume();
    },
    isPaused: () => active.size > 0,
    reasons: () => [...active],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
