import type { AnalyticsEvent, AnalyticsProperty } from "~/shared/analytics/analytics-event";
import type { ConfigPayload } from "~/shared/analytics/gateway-contract";
import { analyticsAppVersion, analyticsDefaults, botBlockedMessage, botUserAgentPattern } from "~/shared/analytics/gateway-protocol";
import { analyticsUserId } from "./analytics-user-id";
import { AnalyticsHttpError } from "./gateway-request";
import { sha256Hex } from "./sha256";
import { isAnalyticsEvent } from "./wire-guards";

// The root layout needs the id without the client (issue 22: the client loads later); kept exported here too.
export { analyticsUserId };

// The analytics client of spec sections 3, 4 and 9 with interpretations 26: events are queued, sent in
// batches through a sink, and put back at the front of the queue when sending fails. No DOM or network of
// its own (user agent, page, clock, sink and storage are given), so the queue's timing is testable with
// fake timers. Events carry the id they were tracked under (a signed-in user's or the anonymous
// visitor's), so a sign-out or an expired session changes whose events come next, never drops queued ones.

export type AnalyticsValue = string | number | boolean | null | readonly string[];
export type AnalyticsProperties = Readonly<Record<string, AnalyticsValue | undefined>>;

/** Sends one batch; rejects when it was not accepted (AnalyticsHttpError for an HTTP answer). */
export type AnalyticsSink = (events: readonly AnalyticsEvent[]) => Promise<void>;

/** Where the queue survives a reload (a sign-out after an expired session reloads the page). */
export interface QueueStore {
  load(): unknown;
  save(events: readonly AnalyticsEvent[]): void;
}

export interface AnalyticsClientOptions {
  sink: AnalyticsSink;
  appId: string;
  userAgent: () => string;
  /** The page an event happened on (location.pathname in the browser). */
  page: () => string;
  /** The anonymous visitor's analytics id ('web_' + random id), used while nobody is signed in. */
  anonymousId: () => string;
  store?: QueueStore;
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
  /** The signed-in user (null: signed out, events go under the anonymous id). Queued events are kept. */
  setUser(userId: string | null): void;
  /** The analytics id events are tracked under now. */
  currentId(): string;
  /** Queues one event. */
  track(eventName: string, properties?: AnalyticsProperties, options?: TrackOptions): void;
  /** The config host's answer (GET /web): batch size, timings, or off. */
  configure(payload: Partial<ConfigPayload>): void;
  /** Sends what is queued now, batch after batch; resolves when sending stops. */
  flush(): Promise<void>;
  /** Events waiting to be sent (a batch on its way included). */
  queued(): readonly AnalyticsEvent[];
  /** Clears its timers (tests, hot reload). */
  stop(): void;
}

/** The session id: sha-256 hex of `${sessionStart}:${analyticsId}` (spec section 3: a hash of the time and the user). */
export function analyticsSessionId(sessionStart: number, analyticsId: string): string {
  return sha256Hex(`${sessionStart}:${analyticsId}`);
}

// The server's limits (shared/analytics/analytics-event.ts): cut here so one long value cannot get a whole
// batch refused.
const limits = { properties: 50, key: 100, value: 2000, name: 100, page: 2000 } as const;
/** A stored queue bigger than this is cut from the front: a browser offline for days must not grow forever. */
const maxStoredEvents = 500;

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

/** The valid events of a stored queue (anything else there is ignored). */
function restore(stored: unknown): AnalyticsEvent[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(isAnalyticsEvent);
}

export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const now = options.now ?? Date.now;
  const settings = {
    batchSize: options.batchSize ?? analyticsDefaults.batchSize,
    flushIntervalMs: options.flushIntervalMs ?? analyticsDefaults.flushIntervalMs,
    retryIntervalMs: options.retryIntervalMs ?? analyticsDefaults.retryIntervalMs,
    maxRetries: options.maxRetries ?? analyticsDefaults.maxRetries,
  };
  const sessionStart = now();
  let isEnabled = true;

  let identity: { userId: string | null; analyticsId: string; sessionId: string } | null = null;
  let queue: AnalyticsEvent[] = restore(options.store?.load());
  /** The batch on its way: stored with the queue so a reload mid-send keeps it. */
  let inFlight: AnalyticsEvent[] = [];
  let isSending = false;
  let retriesLeft = settings.maxRetries;
  /** A batch failed and waits for a retry or the next flush: a full queue does not force a send then. */
  let isBackingOff = false;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function persist(): void {
    options.store?.save([...inFlight, ...queue].slice(-maxStoredEvents));
  }

  function currentIdentity() {
    if (!identity) {
      const analyticsId = options.anonymousId();
      identity = { userId: null, analyticsId, sessionId: analyticsSessionId(sessionStart, analyticsId) };
    }
    return identity;
  }

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
    }, settings.flushIntervalMs);
  }

  /** Sends batches from the front until the queue is empty or a send fails. */
  async function drain(): Promise<void> {
    if (isSending) return;
    isSending = true;
    try {
      while (queue.length > 0 && isEnabled) {
        if (botUserAgentPattern.test(options.userAgent())) {
          // Refused, not thrown: a crawler's events are dropped and the page goes on.
          console.warn(botBlockedMessage);
          queue = [];
          persist();
          return;
        }
        const batch = queue.splice(0, settings.batchSize);
        inFlight = batch;
        try {
          await options.sink(batch);
          inFlight = [];
          persist();
          retriesLeft = settings.maxRetries;
          isBackingOff = false;
        } catch (error) {
          inFlight = [];
          const isWaiting = keepAfterFailure(batch, error);
          persist();
          if (isWaiting) return;
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
      // 409: the gateway already has this signed batch (its answer was lost); anything else fails every time.
      if (error.status !== 409) console.warn(`analytics: batch dropped (${message})`);
      return false;
    }
    console.warn(`analytics: ${message}`);
    // spec section 4: put back on the queue, at the front so the order of events is kept.
    queue = [...batch, ...queue];
    isBackingOff = true;
    if (retriesLeft > 0) {
      // interpretations 26: retry every 500 ms while idle, at most 3 times; then keep it for the next flush.
      retriesLeft--;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void drain();
      }, settings.retryIntervalMs);
    } else {
      scheduleFlush();
    }
    return true;
  }

  async function flush(): Promise<void> {
    // A send in progress takes whatever was queued meanwhile; its own failure handling decides what follows.
    if (isSending) return;
    clearTimers();
    retriesLeft = settings.maxRetries;
    await drain();
  }

  // A queue restored from an earlier page goes out with the first flush.
  scheduleFlush();

  return {
    setUser(userId) {
      if (identity && identity.userId === userId) return;
      const analyticsId = userId === null ? options.anonymousId() : analyticsUserId(userId);
      identity = { userId, analyticsId, sessionId: analyticsSessionId(sessionStart, analyticsId) };
    },
    currentId: () => currentIdentity().analyticsId,
    track(eventName, properties, trackOptions = {}) {
      if (!isEnabled) return;
      const { analyticsId, sessionId } = currentIdentity();
      queue.push({
        user_id: analyticsId,
        type: trackOptions.type ?? "event",
        app_id: options.appId,
        version: analyticsAppVersion,
        result: trackOptions.result ?? 1,
        session_id: sessionId,
        event_group: trackOptions.group ?? "web",
        event_name: eventName.slice(0, limits.name),
        event_time: Math.round(now()),
        duration: Math.max(0, Math.round(trackOptions.durationMs ?? 0)),
        event_category: trackOptions.category ?? "general",
        page: options.page().slice(0, limits.page),
        properties: toAnalyticsProperties(properties),
      });
      persist();
      if (queue.length >= settings.batchSize && !isBackingOff) void flush();
      else scheduleFlush();
    },
    configure(payload) {
      if (payload.enabled === false) {
        // The config host turned analytics off for this app: nothing more is kept or sent.
        isEnabled = false;
        queue = [];
        clearTimers();
        persist();
        return;
      }
      if (payload.batchSize) settings.batchSize = payload.batchSize;
      if (payload.flushIntervalMs) settings.flushIntervalMs = payload.flushIntervalMs;
      if (payload.retryIntervalMs) settings.retryIntervalMs = payload.retryIntervalMs;
      if (payload.maxRetries !== undefined) settings.maxRetries = payload.maxRetries;
    },
    flush,
    queued: () => [...inFlight, ...queue],
    stop: clearTimers,
  };
}
