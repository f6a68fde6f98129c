import type { AddressInfo } from "node:net";
import { type Http2Bindings, type HttpBindings, type ServerType, serve } from "@hono/node-server";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AnalyticsClient, analyticsUserId, createAnalyticsClient, type QueueStore } from "~/app/features/analytics/analytics-client";
import { createGatewaySink } from "~/app/features/analytics/analytics-sink";
import { listAnalyticsEvents } from "~/core/analytics/data";
import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import { databaseKinds, openTestDatabase } from "../../test/support/test-databases";
import { createAnalyticsGateway } from "./app";

// The browser's analytics client with its real signed sink (Web Crypto HMAC, fetch) against the real
// gateway over HTTP, on PGlite and PostgreSQL (issue 20 "Gateway tests"). Vitest fakes only setTimeout, so
// the 5 s flush and the 500 ms retries run on a fake clock while HTTP and the database run for real.

const key = { apiKey: "pk_client_gateway_key", appId: "parley-web", passphrase: "the client and gateway test passphrase" };
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

describe.each(databaseKinds)("analytics client to gateway (%s)", (kind) => {
  let server: ServerType;
  let base: string;
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openTestDatabase>>["handle"]["db"];
  /** The next request's socket is destroyed before the gateway reads it. */
  let dropNext = false;
  let dropped = 0;
  let counter = 0;
  const clients: AnalyticsClient[] = [];
  /** Every send of every client, to await the real HTTP round trips the fake clock started. */
  const sends: Promise<void>[] = [];
  const settled = () => Promise.allSettled(sends.splice(0));

  beforeAll(async () => {
    const { handle } = await openTestDatabase(kind);
    await handle.migrate();
    db = handle.db;
    const gateway = createAnalyticsGateway({ db, logger: pino({ level: "silent" }), key });
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve(
        {
          fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
            if (dropNext) {
              dropNext = false;
              dropped++;
              env.incoming.socket.destroy();
              return new Response(null, { status: 500 });
            }
            return gateway.fetch(request);
          },
          port: 0,
          hostname: "127.0.0.1",
        },
        () => resolve(instance),
      );
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => handle.close();
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await close?.();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function client(options: { store?: QueueStore; userAgent?: string; anonymousId?: string } = {}) {
    const sink = createGatewaySink({ url: base, apiKey: key.apiKey, passphrase: key.passphrase });
    const anonymousId = options.anonymousId ?? `web_anon${kind}${++counter}`;
    const instance = createAnalyticsClient({
      appId: key.appId,
      userAgent: () => options.userAgent ?? chrome,
      page: () => "/notes",
      anonymousId: () => anonymousId,
      store: options.store,
      sink: (events: readonly AnalyticsEvent[]) => {
        const sent = sink(events);
        sends.push(sent);
        return sent;
      },
    });
    clients.push(instance);
    return instance;
  }
  const names = async (userId: string) => (await listAnalyticsEvents(db, { userId })).map((row) => row.eventName);
  const track = (analytics: AnalyticsClient, prefix: string, count: number) => {
    for (let i = 0; i < count; i++) analytics.track(`${prefix}${i}`);
  };

  it("sends a signed batch as soon as 10 are queued, and it lands", async () => {
    const analytics = client();
    const user = `batch-${kind}`;
    analytics.setUser(user);
    track(analytics, "b", 10);
    await vi.advanceTimersByTimeAsync(0);
    await settled();
    expect(await names(analyticsUserId(user))).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
    expect(analytics.queued()).toEqual([]);
  });

  it("sends fewer than 10 after 5000 ms, not before", async () => {
    const analytics = client();
    const user = `flush-${kind}`;
    analytics.setUser(user);
    track(analytics, "f", 3);
    await vi.advanceTimersByTimeAsync(4999);
    expect(sends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settled();
    expect(await names(analyticsUserId(user))).toEqual(["f0", "f1", "f2"]);
  });

  it("loses no event when the connection is dropped mid-request: the batch is retried 500 ms later", async () => {
    const analytics = client();
    const user = `dropped-${kind}`;
    analytics.setUser(user);
    dropNext = true;
    const droppedBefore = dropped;
    track(analytics, "d", 10);
    await vi.advanceTimersByTimeAsync(0);
    await settled();
    expect(dropped).toBe(droppedBefore + 1);
    expect(await names(analyticsUserId(user))).toEqual([]);
    expect(analytics.queued()).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(500);
    await settled();
    expect(await names(analyticsUserId(user))).toEqual(Array.from({ length: 10 }, (_, i) => `d${i}`));
    expect(analytics.queued()).toEqual([]);
  });

  it("loses no event across an expired session: the queue outlives the sign-out and the reload", async () => {
    let stored: unknown = [];
    const store: QueueStore = {
      load: () => stored,
      save: (events) => {
        stored = JSON.parse(JSON.stringify(events));
      },
    };
    const user = `expired-${kind}`;
    const before = client({ store, anonymousId: `web_expired${kind}` });
    before.setUser(user);
    track(before, "x", 4);
    // The product API answers 401: the app signs out (no user) and reloads before the 5 s flush.
    before.setUser(null);
    before.track("after_sign_out");
    before.stop();
    expect(sends).toHaveLength(0);

    const after = client({ store, anonymousId: `web_expired${kind}` });
    after.setUser(null);
    await vi.advanceTimersByTimeAsync(5000);
    await settled();
    expect(await names(analyticsUserId(user))).toEqual(["x0", "x1", "x2", "x3"]);
    expect(await names(`web_expired${kind}`)).toEqual(["after_sign_out"]);
    expect(stored).toEqual([]);
  });

  it("refuses to send for a bot-looking browser", async () => {
    const analytics = client({ userAgent: "Mozilla/5.0 (compatible; bingbot/2.0)" });
    const user = `bot-${kind}`;
    analytics.setUser(user);
    track(analytics, "bot", 10);
    await vi.advanceTimersByTimeAsync(5000);
    await settled();
    expect(sends).toHaveLength(0);
    expect(await names(analyticsUserId(user))).toEqual([]);
  });
});
