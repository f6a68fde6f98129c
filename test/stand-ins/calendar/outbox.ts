import type { CalendarProvider } from "./identity";

// Every HTTP call the stand-in makes to the app (Google push, Graph validation and notifications), with
// the status the app answered. Queued posts go one at a time in order, so message numbers arrive in order
// and a control call that caused them returns at once; drain() lets a test wait for them.

export type DeliveryKind = "channel-sync" | "channel-exists" | "subscription-validation" | "subscription-notification" | "lifecycle";

export interface Delivery {
  id: number;
  provider: CalendarProvider;
  kind: DeliveryKind;
  email: string;
  url: string;
  channelId: string | null;
  subscriptionId: string | null;
  headers: Record<string, string>;
  body: string;
  /** The app's HTTP status; 0 when it could not be reached or took longer than the timeout. */
  status: number;
  error: string | null;
  at: string;
}

export type DeliveryRequest = Omit<Delivery, "id" | "status" | "error" | "at">;

export interface DeliveryResult {
  delivery: Delivery;
  responseText: string;
  contentType: string;
}

// Graph allows the app 10 seconds to answer a validation request; Google and Graph drop slow pushes.
const timeoutMs = 10_000;

export class Outbox {
  readonly deliveries: Delivery[] = [];
  #nextId = 1;
  #chain: Promise<unknown> = Promise.resolve();
  #pending = 0;
  #waiters: { count: number; resolve: () => void }[] = [];

  /** Posts now and resolves with the answer (used where the caller must see it, e.g. validation). */
  async post(request: DeliveryRequest): Promise<DeliveryResult> {
    const delivery: Delivery = { ...request, id: this.#nextId++, status: 0, error: null, at: new Date().toISOString() };
    let responseText = "";
    let contentType = "";
    try {
      const response = await fetch(request.url, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      responseText = await response.text();
      contentType = response.headers.get("content-type") ?? "";
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
    for (const waiter of [...this.#waiters])
      if (this.deliveries.length >= waiter.count) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    return { delivery, responseText, contentType };
  }

  /** Queues a post behind the ones already queued; never throws. */
  enqueue(request: () => DeliveryRequest | null): void {
    this.#pending += 1;
    this.#chain = this.#chain.then(async () => {
      try {
        // Built when its turn comes, so headers such as message numbers follow the order of sending.
        const built = request();
        if (built) await this.post(built);
      } catch {
        // A request that cannot even be built (its channel vanished meanwhile) is simply not sent.
      } finally {
        this.#pending -= 1;
      }
    });
  }

  /** Resolves once every post queued so far (and any queued meanwhile) is made. */
  async drain(): Promise<void> {
    while (this.#pending > 0) await this.#chain;
  }

  /** Resolves once at least `count` deliveries are recorded. */
  waitFor(count: number): Promise<Delivery[]> {
    if (this.deliveries.length >= count) return Promise.resolve([...this.deliveries]);
    return new Promise((resolve) => this.#waiters.push({ count, resolve: () => resolve([...this.deliveries]) }));
  }

  clear(): void {
    this.deliveries.length = 0;
  }
}
