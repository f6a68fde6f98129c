import { setTimeout as delay } from "node:timers/promises";
import { CallbackError } from "./callback-client";

// Callbacks go out one at a time, in the order they were queued (statuses carry sequence numbers, but
// the parts of a recording and the finish after them must arrive in order too). Enqueueing never waits,
// so the probe loop is never held by a slow server. A network error, 5xx or 429 is retried with backoff;
// after `giveUpAfterMs` for one item it is dropped so the next can go (the server re-orders statuses by
// sequence and ignores late ones).

export interface CallbackQueueOptions {
  /** Per item: ~1 minute of retries, then the item is dropped (brief for the bot process). */
  giveUpAfterMs?: number;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** An item that was dropped (not retryable, or out of time). */
  onGiveUp?: (label: string, error: unknown) => void;
}

export interface CallbackQueue {
  enqueue(label: string, task: () => Promise<void>): void;
  /** Resolves once everything queued so far has been sent or given up. */
  drained(): Promise<void>;
  /** Items sent (in order) and items dropped, for logs and tests. */
  readonly sent: readonly string[];
  readonly dropped: readonly string[];
}

export function createCallbackQueue({
  giveUpAfterMs = 60_000,
  firstBackoffMs = 250,
  maxBackoffMs = 5_000,
  onGiveUp,
}: CallbackQueueOptions = {}): CallbackQueue {
  let tail: Promise<void> = Promise.resolve();
  const sent: string[] = [];
  const dropped: string[] = [];

  async function attempt(label: string, task: () => Promise<void>): Promise<void> {
    const startedAt = Date.now();
    let backoff = firstBackoffMs;
    for (;;) {
      try {
        await task();
        sent.push(label);
        return;
      } catch (error) {
        const isRetryable = error instanceof CallbackError && error.isRetryable;
        const waited = Date.now() - startedAt;
        if (!isRetryable || waited + backoff > giveUpAfterMs) {
          dropped.push(label);
          onGiveUp?.(label, error);
          return;
        }
        await delay(backoff);
        backoff = Math.min(backoff * 2, maxBackoffMs);
      }
    }
  }

  return {
    enqueue(label, task) {
      tail = tail.then(() => attempt(label, task));
    },
    drained: () => tail,
    sent,
    dropped,
  };
}
