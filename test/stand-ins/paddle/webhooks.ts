import { createHmac } from "node:crypto";
import { paddleId } from "./entities";

// Paddle's webhook signing and delivery. Header `Paddle-Signature: ts=<unix s>;h1=<hex HMAC-SHA256(secret,
// ts + ":" + rawBody)>` (research 1.3; the SDK's known-answer vector is in stand-in.test.ts). Deliveries
// go out one at a time in the order they were made, as the app must cope with Paddle's order anyway.

export type SignatureKind = "valid" | "forged" | "stale";

/** One webhook the stand-in made (or, with webhooks "off", recorded without POSTing: status 0). */
export interface Delivery {
  eventId: string;
  eventType: string;
  /** The HTTP status the webhook URL answered; 0 when not POSTed (no URL, webhooks "off", network error). */
  status: number;
  /** The raw JSON body exactly as sent (and signed). */
  body: string;
  /** The Paddle-Signature header value sent. */
  signature: string;
}

export interface PaddleEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: unknown;
}

/** Hex HMAC-SHA256 of `${ts}:${rawBody}` with the endpoint secret: Paddle's h1. */
export function paddleH1(secret: string, ts: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest("hex");
}

export function signatureHeader(secret: string, rawBody: string, kind: SignatureKind = "valid", staleSeconds = 600): string {
  const now = Math.floor(Date.now() / 1000);
  const ts = kind === "stale" ? now - staleSeconds : now;
  // A forgery: well formed, fresh, but keyed with a secret the app does not hold.
  const key = kind === "forged" ? `${secret}_forged` : secret;
  return `ts=${ts};h1=${paddleH1(key, ts, rawBody)}`;
}

export interface WebhookOutboxOptions {
  secret: string;
  webhookUrl: () => string | null;
  /** False while scenario.webhooks is "off": automatic events are recorded, not POSTed. */
  isPosting: () => boolean;
}

export class WebhookOutbox {
  readonly deliveries: Delivery[] = [];
  /** Raw bodies by event id, for redelivery. */
  private readonly rawEvents = new Map<string, { eventType: string; body: string }>();
  private queue: Promise<unknown> = Promise.resolve();
  private lastOccurredMs = 0;
  private readonly waiters: { count: number; resolve: () => void }[] = [];

  constructor(private readonly options: WebhookOutboxOptions) {}

  /** A new event around `data` (a snapshot), occurred_at strictly after every earlier event's. */
  event(eventType: string, data: unknown): PaddleEvent {
    this.lastOccurredMs = Math.max(Date.now(), this.lastOccurredMs + 1);
    return {
      event_id: paddleId("evt"),
      event_type: eventType,
      occurred_at: new Date(this.lastOccurredMs).toISOString(),
      notification_id: paddleId("ntf"),
      data: structuredClone(data),
    };
  }

  /**
   * Queues events the stand-in raised itself (checkout, cancel, …); honours scenario.webhooks. With
   * `afterAnswer`, the POSTs wait one turn of the event loop so the HTTP answer that caused them leaves
   * first (Paddle's webhooks follow the checkout), while their place in the queue is taken now, so that
   * drain() called after that answer still covers them.
   */
  emit(events: PaddleEvent[], { afterAnswer = false } = {}): void {
    if (afterAnswer) this.queue = this.queue.then(() => new Promise((resolve) => setImmediate(resolve)));
    for (const event of events) void this.enqueue(JSON.stringify(event), event, "valid", 600, this.options.isPosting());
  }

  /** POSTs one event now (after the queued ones), signed as asked; always POSTs when a URL is set. */
  send(event: Partial<PaddleEvent> & object, kind: SignatureKind = "valid", staleSeconds = 600): Promise<Delivery> {
    const full = { ...this.event(event.event_type ?? "unknown", event.data ?? null), ...event };
    return this.enqueue(JSON.stringify(full), full, kind, staleSeconds, true);
  }

  /** Paddle's retry: the same raw body again with a fresh valid signature. */
  redeliver(eventId: string): Promise<Delivery> {
    const raw = this.rawEvents.get(eventId);
    if (!raw) return Promise.reject(new Error(`no event ${eventId}`));
    return this.enqueue(raw.body, { event_id: eventId, event_type: raw.eventType }, "valid", 600, true);
  }

  hasEvent(eventId: string): boolean {
    return this.rawEvents.has(eventId);
  }

  /** Resolves once at least `count` deliveries are recorded. */
  waitFor(count: number): Promise<Delivery[]> {
    if (this.deliveries.length >= count) return Promise.resolve([...this.deliveries]);
    return new Promise((resolve) => this.waiters.push({ count, resolve: () => resolve([...this.deliveries]) }));
  }

  /** Waits for every queued delivery (close() uses it so no POST outlives the stand-in). */
  drain(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private enqueue(
    body: string,
    event: { event_id?: string; event_type?: string },
    kind: SignatureKind,
    staleSeconds: number,
    isPosting: boolean,
  ): Promise<Delivery> {
    const eventId = event.event_id ?? "";
    const eventType = event.event_type ?? "";
    if (eventId && !this.rawEvents.has(eventId)) this.rawEvents.set(eventId, { eventType, body });
    const delivery = this.queue.then(() => this.post(body, eventId, eventType, kind, staleSeconds, isPosting));
    this.queue = delivery.catch(() => undefined);
    return delivery;
  }

  private async post(
    body: string,
    eventId: string,
    eventType: string,
    kind: SignatureKind,
    staleSeconds: number,
    isPosting: boolean,
  ): Promise<Delivery> {
    const signature = signatureHeader(this.options.secret, body, kind, staleSeconds);
    const url = this.options.webhookUrl();
    let status = 0;
    if (url && isPosting) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "paddle-signature": signature },
          body,
          // Paddle gives up on a destination after a few seconds; a stuck app must not hold close() forever.
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // An unreachable app counts as a failed delivery (status 0), as Paddle would then retry.
        status = 0;
      }
    }
    const delivery: Delivery = { eventId, eventType, status, body, signature };
    this.deliveries.push(delivery);
    for (const waiter of [...this.waiters])
      if (this.deliveries.length >= waiter.count) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    return delivery;
  }
}
