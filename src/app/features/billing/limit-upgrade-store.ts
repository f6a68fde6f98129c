import { useSyncExternalStore } from "react";
import type { AlertMessage } from "~/app/ui/alert-store";
import type { LimitErrorSource } from "~/shared/billing/plans";

// spec section 6: a paying user at a limit is offered a limit-upgrade request, which the server mails
// to support (they answer the user by e-mail). One dialog for the whole dashboard.

export interface LimitUpgradeState {
  isOpen: boolean;
  message: AlertMessage | null;
  /** Which limit; null when the 402 did not say (then there is nothing to ask for). */
  errorSource: LimitErrorSource | null;
  requestState: "idle" | "sending" | "sent" | "failed";
}

export interface LimitUpgradeStore {
  get(): LimitUpgradeState;
  subscribe(listener: () => void): () => void;
  open(options: { message: AlertMessage; errorSource: LimitErrorSource | null }): void;
  close(): void;
  sendRequest(): Promise<void>;
}

const closed: LimitUpgradeState = { isOpen: false, message: null, errorSource: null, requestState: "idle" };

export function createLimitUpgradeStore(request: (errorSource: LimitErrorSource) => Promise<void>): LimitUpgradeStore {
  let state = closed;
  const listeners = new Set<() => void>();
  const publish = (next: LimitUpgradeState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open({ message, errorSource }) {
      // A request already sent for this limit stays sent while the dialog is up again.
      const isSameLimit = state.isOpen && state.errorSource === errorSource;
      publish({ isOpen: true, message, errorSource, requestState: isSameLimit ? state.requestState : "idle" });
    },
    close() {
      publish(closed);
    },
    async sendRequest() {
      const { errorSource } = state;
      if (!errorSource || state.requestState === "sending" || state.requestState === "sent") return;
      publish({ ...state, requestState: "sending" });
      try {
        await request(errorSource);
        if (state.isOpen) publish({ ...state, requestState: "sent" });
      } catch {
        if (state.isOpen) publish({ ...state, requestState: "failed" });
      }
    },
  };
}

export function useLimitUpgradeState(store: LimitUpgradeStore): LimitUpgradeState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
