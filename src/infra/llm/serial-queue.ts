/**
 * One holder at a time, first come first served: the local model has one context sequence, and two
 * evaluations on it would corrupt each other's state. A waiter whose signal aborts leaves the line.
 */
export class SerialQueue {
  private isHeld = false;
  private readonly waiting: Array<() => void> = [];

  /** Resolves with the release function once it is this caller's turn. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (!this.isHeld) {
      this.isHeld = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const onTurn = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(this.releaser());
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(onTurn);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(onTurn);
    });
  }

  private releaser(): () => void {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.isHeld = false;
    };
  }
}
