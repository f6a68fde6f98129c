import { apiBaseUrl } from "./csrf-token";

// The signed-in user's live stream (`GET /api/notes/events`: `note`, `deleted`, `account`), one EventSource
// per page however many parts listen. It opens with the first listener and closes a moment after the
// last one leaves, so a navigation that swaps one page's listeners for the next keeps the connection.
// EventSource reconnects by itself; `ready` arrives on every (re)connection, once the server listens for
// this stream: an event sent before then is not sent again, so what was read before it may be stale.

const closeDelayMs = 1000;

type Listener = (data: string) => void;

let source: EventSource | null = null;
/** The event names the current source dispatches (EventSource needs one listener per name). */
let sourceNames = new Set<string>();
let hasOpened = false;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Map<string, Set<Listener>>();
const connectListeners = new Set<(isReconnect: boolean) => void>();
/** Set on sign-out: no stream opens again in this page. */
let isStopped = false;

function listenerCount(): number {
  let count = connectListeners.size;
  for (const set of listeners.values()) count += set.size;
  return count;
}

function dispatch(name: string, data: string): void {
  for (const listener of listeners.get(name) ?? []) listener(data);
}

function ensureSource(): void {
  if (closeTimer) {
    clearTimeout(closeTimer);
    closeTimer = null;
  }
  if (isStopped) return;
  if (!source) {
    source = new EventSource(`${apiBaseUrl()}/api/notes/events`, { withCredentials: true });
    sourceNames = new Set();
    hasOpened = false;
    source.addEventListener("ready", () => {
      // Listeners re-read what they may have missed: after a dropped connection, what changed meanwhile;
      // at the first, what changed between their first read and the server listening (a job that ended then).
      const isReconnect = hasOpened;
      hasOpened = true;
      for (const listener of connectListeners) listener(isReconnect);
    });
  }
  for (const name of listeners.keys()) {
    if (sourceNames.has(name)) continue;
    sourceNames.add(name);
    source.addEventListener(name, (event) => dispatch(name, (event as MessageEvent<string>).data));
  }
}

function releaseSource(): void {
  if (listenerCount() > 0 || closeTimer) return;
  closeTimer = setTimeout(() => {
    closeTimer = null;
    if (listenerCount() > 0) return;
    source?.close();
    source = null;
  }, closeDelayMs);
}

/** Calls `listener` with the raw data of every `name` event; returns the unsubscribe. */
export function subscribeLiveEvent(name: string, listener: Listener): () => void {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
  }
  set.add(listener);
  ensureSource();
  return () => {
    set.delete(listener);
    releaseSource();
  };
}

/**
 * Calls `listener` on each `ready`: `isReconnect` false for the stream's first connection (a listener that
 * joins a stream already open never hears that one: its reads began after the server listened).
 */
export function subscribeLiveConnect(listener: (isReconnect: boolean) => void): () => void {
  connectListeners.add(listener);
  ensureSource();
  return () => {
    connectListeners.delete(listener);
    releaseSource();
  };
}

/**
 * Closes the stream for good before the session ends (sign-out): once the server forgets the session, the
 * EventSource would reconnect into a 401 while the page is still leaving.
 */
export function stopLiveEvents(): void {
  isStopped = true;
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  source?.close();
  source = null;
}
