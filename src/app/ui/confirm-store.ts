import { useSyncExternalStore } from "react";

/** spec section 3: a confirm dialog has a title, a message, and confirm and cancel texts. */
export interface ConfirmOptions {
  message: string;
  /** spec section 9: defaults to 'Confirm', 'Confirm' and 'Cancel' (translated by the host). */
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

export interface PendingConfirm extends ConfirmOptions {
  resolve(isConfirmed: boolean): void;
}

let pending: PendingConfirm | null = null;
const listeners = new Set<() => void>();

function publish(next: PendingConfirm | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/** Opens the confirm dialog; resolves true on confirm, false on cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => publish({ ...options, resolve }));
}

export function settleConfirm(isConfirmed: boolean): void {
  const current = pending;
  publish(null);
  current?.resolve(isConfirmed);
}

export function usePendingConfirm(): PendingConfirm | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => null,
  );
}
