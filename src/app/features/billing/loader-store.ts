import { useEffect, useSyncExternalStore } from "react";

// spec section 4: the plan and usage loaders use idle, loading, success, error. A reload (a live
// `account` event, a purchase) keeps the data on screen while it runs; the newest request wins.

export type LoaderState = "idle" | "loading" | "success" | "error";

export interface LoaderSnapshot<T> {
  state: LoaderState;
  data: T | null;
  /** Translation key of the failure text (spec section 8: 'Error fetching plan' / 'Error fetching usage'). */
  errorKey: string | null;
}

export interface Loader<T> {
  get(): LoaderSnapshot<T>;
  subscribe(listener: () => void): () => void;
  /** Fetches now; resolves with the data, or null when this request failed or a newer one replaced it. */
  load(): Promise<T | null>;
  /** Fetches again only if something has asked for the data before (nothing to refresh otherwise). */
  reload(): Promise<T | null>;
}

export function createLoader<T>(fetcher: () => Promise<T>, errorKey: string): Loader<T> {
  let snapshot: LoaderSnapshot<T> = { state: "idle", data: null, errorKey: null };
  let sequence = 0;
  const listeners = new Set<() => void>();
  const publish = (next: LoaderSnapshot<T>) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const load = async (): Promise<T | null> => {
    sequence += 1;
    const mine = sequence;
    if (snapshot.data === null) publish({ state: "loading", data: null, errorKey: null });
    try {
      const data = await fetcher();
      if (mine !== sequence) return null;
      publish({ state: "success", data, errorKey: null });
      return data;
    } catch {
      if (mine !== sequence) return null;
      publish({ state: "error", data: snapshot.data, errorKey });
      return null;
    }
  };

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    reload: () => (snapshot.state === "idle" ? Promise.resolve(null) : load()),
  };
}

/** The loader's snapshot for a component; the first component to ask starts the first fetch. */
export function useLoader<T>(loader: Loader<T>): LoaderSnapshot<T> {
  const snapshot = useSyncExternalStore(loader.subscribe, loader.get, loader.get);
  useEffect(() => {
    if (loader.get().state === "idle") void loader.load();
  }, [loader]);
  return snapshot;
}
