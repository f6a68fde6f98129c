import { type AnalyticsEvent, type AnalyticsProperty, analyticsAppVersion } from "~/shared/analytics/analytics-event";
import { sha256Hex } from "./sha256";

// The analytics client of spec sections 3, 4 and 9 with interpretations 26: events are queued, sent in
// batches through a sink, and put back at the front of the queue when sending fails. No DOM or network of
// its own (user agent, page, clock and sink are given), so the queue's timing is testable with fake timers.

/** spec section 9: batch size 10, flush interval 5000 ms, max retries 3, retry every 500 ms while idle. */
export const analyticsDefaults = { batchSize: 10, flushIntervalMs: 5000, retryIntervalMs: 500, maxRetries: 3 } as const;

/** spec section 5: requests are refused when the client looks like a bot (HeadlessChrome is not one). */
export const botUserAgentPattern = /bot|crawler|spider|crawling/i;
/** spec section 8 "Analytics blocked". */
export const botBlockedMessage = "Request blocked due to likely bot activity.";

export type AnalyticsValue = string | number | boolean | null | readonly string[];
export type AnalyticsProperties = Readonly<Record<string, AnalyticsValue | undefined>>;

/** Sends one batch; rejects when it was not accepted (AnalyticsHttpError for an HTTP answer). */
export type AnalyticsSink = (events: readonly AnalyticsEvent[]) => Promise<void>;

/** spec section 8 "Analytics HTTP failure": 'HTTP error! status: {code}'. */
export class AnalyticsHttpError extends Error {
  override name = "AnalyticsHttpError";
  constructor(readonly status: number) {
    super(`HTTP error! status: ${status}`);
  }
  /** A refused batch (400, 401, 413 …) fails the same way every time, so it is dropped, not retried forever. */
  get isRetryable(): boolean {
    return this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export interface AnalyticsClientOptions {
  sink: AnalyticsSink;
  appId: string;
  userAgent: () => string;
  /** The page an event happened on (location.pathname in the browser). */
  page: () => string;
  now?: () => number;
  batchSize?: number;
  flushIntervalMs?: number;
  retryIntervalMs?: number;
  maxRetries?: number;
}

export interface TrackOptions {
  type?: string;
  group?: string;
  category?: string;
  /** 1 success, 0 failure (config_result); 1 by default. */
  result?: 0 | 1;
  durationMs?: number;
}

export interface AnalyticsClient {
  /** The signed-in user (null: signed out). Events of a previous user still queued are dropped. */
  setUser(userId: string | null): void;
  /** Queues one event; ignored while nobody is signed in (the log sink takes signed-in users only). */
  track(eventName: string, properties?: AnalyticsProperties, options?: TrackOptions): void;
  /** Sends what is queued now, batch after batch; resolves when sending stops. */
  flush(): Promise<void>;
  /** Events waiting to be sent. */
  queued(): readonly AnalyticsEvent[];
  /** Clears its timers (tests, hot reload). */
  stop(): void;
}

/** 'web_' + base64url (no padding) of the user id's UTF-8 bytes (spec section 3). */
export function analyticsUserId(userId: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(userId)) binary += String.fromCharCode(byte);
  return `web_${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** The session id: sha-256 hex of `${sessionStart}:${userId}` (spec section 3: a hash of the time and the user). */
export function analyticsSessionId(sessionStart: number, userId: string): string {
  return sha256Hex(`${sessionStart}:${userId}`);
}

// The server's limits (shared/analytics/analytics-event.ts): cut here so one long value cannot get a whole
// batch refused.
const limits = { properties: 50, key: 100, value: 2000, name: 100, page: 2000 } as const;

/** Properties as the gateway's [{key, value}] list with string values; arrays as JSON, null as "null". */
export function toAnalyticsProperties(properties: AnalyticsProperties = {}): AnalyticsProperty[] {
  const list: AnalyticsProperty[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || key === "" || list.length === limits.properties) continue;
    const text = typeof value === "string" ? value : Array.isArray(value) ? JSON.stringify(value) : String(value);
    list.push({ key: key.slice(0, limits.key), value: text.slice(0, limits.value) });
  }
  return list;
}

export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? analyticsDefaults.batchSize;
  const flushIntervalMs = options.flushIntervalMs ?? analyticsDefaults.flushIntervalMs;
  const retryIntervalMs = options.retryIntervalMs ?? analyticsDefaults.retryIntervalMs;
  const maxRetries = options.maxRetries ?? analyticsDefaults.maxRetries;
  const sessionStart = now();

  let user: { userId: string; sessionId: string; analyticsId: string } | null = null;
  let queue: AnalyticsEvent[] = [];
  let isSending = false;
  let retriesLeft = maxRetries;
  /** A batch failed and waits for a retry or the next flush: a full queue does not force a send then. */
  let isBackingOff = false;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function clearTimers(): void {
    if (flushTimer) clearTimeout(flushTimer);
    if (retryTimer) clearTimeout(retryTimer);
    flushTimer = null;
    retryTimer = null;
  }

  function scheduleFlush(): void {
    if (flushTimer || queue.length === 0) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, flushIntervalMs);
  }

  /** Sends batches from the front until the queue is empty or a send fails. */
  async function drain(): Promise<void> {
    if (isSending) return;
    isSending = true;
    try {
      while (queue.length > 0) {
        if (botUserAgentPattern.test(options.userAgent())) {
          // Refused, not thrown: a crawler's events are dropped and the page goes on.
          console.warn(botBlockedMessage);
          queue = [];
          return;
        }
        const batch = queue.splice(0, batchSize);
        try {
          await options.sink(batch);
          retriesLeft = maxRetries;
          isBackingOff = false;
        } catch (error) {
          if (!keepAfterFailure(batch, error)) continue;
          return;
        }
      }
    } finally {
      isSending = false;
    }
  }

  /** After a failed send: false when the batch was dropped (go on with the next), true when it waits. */
  function keepAfterFailure(batch: AnalyticsEvent[], error: unknown): boolean {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof AnalyticsHttpError && !error.isRetryable) {
      console.warn(`analytics: batch dropped (${message})`);
      return false;
    }
    console.warn(`analytics: ${message}`);
    // spec section 4: put back on the queue, at the front so the order of events is kept.
    queue = [...batch, ...queue];
    isBackingOff = true;
    if (retriesLeft > 0) {
      // interpretations 26: retry every 500 ms while idle, at most 3 times; then wait for the next flush.
      retriesLeft--;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void drain();
      }, retryIntervalMs);
    } else {
      scheduleFlush();
    }
    return true;
  }

  async function flush(): Promise<void> {
    // A send in progress takes whatever was queued meanwhile; its own failure handling decides what follows.
    if (isSending) return;
    clearTimers();
    retriesLeft = maxRetries;
    await drain();
  }

  return {
    setUser(userId) {
      if ((user?.userId ?? null) === userId) return;
      // A previous user's queued events would be sent under the new session (or refused after sign-out).
      queue = [];
      clearTimers();
      isBackingOff = false;
      retriesLeft = maxRetries;
      user = userId === null ? null : { userId, sessionId: analyticsSessionId(sessionStart, userId), analyticsId: analyticsUserId(userId) };
    },
    track(eventName, properties, trackOptions = {}) {
      if (!user) return;
      queue.push({
        user_id: user.analyticsId,
        type: trackOptions.type ?? "event",
        app_id: options.appId,
        version: analyticsAppVersion,
        result: trackOptions.result ?? 1,
        session_id: user.sessionId,
        event_group: trackOptions.group ?? "web",
        event_name: eventName.slice(0, limits.name),
        event_time: Math.round(now()),
        duration: Math.max(0, Math.round(trackOptions.durationMs ?? 0)),
        event_category: trackOptions.category ?? "general",
        page: options.page().slice(0, limits.page),
        properties: toAnalyticsProperties(properties),
      });
      if (queue.length >= batchSize && !isBackingOff) void flush();
      else scheduleFlush();
    },
    flush,
    queued: () => queue,
    stop: clearTimers,
  };
}
