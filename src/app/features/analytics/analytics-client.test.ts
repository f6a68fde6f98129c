import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AnalyticsEvent, analyticsEventSchema } from "~/shared/analytics/analytics-event";
import { botBlockedMessage } from "~/shared/analytics/gateway-protocol";
import { type AnalyticsClient, createAnalyticsClient, type QueueStore, toAnalyticsProperties } from "./analytics-client";
import { AnalyticsHttpError } from "./gateway-request";

// The analytics queue of spec sections 4 and 9 and interpretations 26 with a recording sink and Vitest's
// fake clock: batches of 10, a flush 5000 ms after the first queued event, failed batches back at the front,
// retried every 500 ms at most 3 times and then kept for the next flush, bots refused.

const start = 1_700_000_000_000;
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

interface Harness {
  client: AnalyticsClient;
  /** Every batch the sink was handed, accepted or not. */
  calls: AnalyticsEvent[][];
  /** What the sink answers next: undefined accepts, an error refuses. */
  failWith: (error: Error | null) => void;
  setUserAgent: (agent: string) => void;
}

function harness(store?: QueueStore): Harness {
  const calls: AnalyticsEvent[][] = [];
  let failure: Error | null = null;
  let agent = chrome;
  const client = createAnalyticsClient({
    appId: "parley-web",
    userAgent: () => agent,
    page: () => "/notes",
    anonymousId: () => "web_anonymous1",
    store,
    sink: async (events) => {
      calls.push([...events]);
      if (failure) throw failure;
    },
  });
  clients.push(client);
  return {
    client,
    calls,
    failWith: (error) => {
      failure = error;
    },
    setUserAgent: (next) => {
      agent = next;
    },
  };
}

const clients: AnalyticsClient[] = [];
const names = (batch: AnalyticsEvent[] | undefined) => (batch ?? []).map((event) => event.event_name);
const track = (client: AnalyticsClient, from: number, count: number) => {
  for (let i = from; i < from + count; i++) client.track(`e${i}`);
};

let warnings: string[];
beforeEach(() => {
  vi.useFakeTimers({ now: start });
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  vi.useRealTimers();
});

describe("analytics event shape (spec section 3)", () => {
  it("fills every field and passes the server's schema", async () => {
    const { client, calls } = harness();
    client.setUser("user-é/42");
    vi.setSystemTime(start + 1234);
    client.track(
      "purchase_clicked",
      { id: "pri_1", price: 69.99, offersFreeTrial: false, discount: null, products: ["1month", "1year"], skipped: undefined },
      { category: "paywall", durationMs: 12.4 },
    );
    await client.flush();

    expect(calls).toHaveLength(1);
    const [event] = calls[0] ?? [];
    expect(event).toEqual({
      user_id: `web_${Buffer.from("user-é/42").toString("base64url")}`,
      type: "event",
      app_id: "parley-web",
      version: "1.0.0",
      result: 1,
      session_id: createHash("sha256")
        .update(`${start}:web_${Buffer.from("user-é/42").toString("base64url")}`)
        .digest("hex"),
      event_group: "web",
      event_name: "purchase_clicked",
      event_time: start + 1234,
      duration: 12,
      event_category: "paywall",
      page: "/notes",
      properties: [
        { key: "id", value: "pri_1" },
        { key: "price", value: "69.99" },
        { key: "offersFreeTrial", value: "false" },
        { key: "discount", value: "null" },
        { key: "products", value: '["1month","1year"]' },
      ],
    });
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });

  it("cuts long names, keys and values to the server's limits", () => {
    const properties = toAnalyticsProperties({ ["k".repeat(150)]: "v".repeat(3000), "": "no key" });
    expect(properties).toEqual([{ key: "k".repeat(100), value: "v".repeat(2000) }]);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, i]));
    expect(toAnalyticsProperties(many)).toHaveLength(50);
  });

  it("keeps an anonymous visitor's events and every user's queued events across a switch or sign-out", async () => {
    const { client, calls } = harness();
    client.track("anonymous_view");
    client.setUser("alice");
    client.track("alice_event");
    client.setUser("bob");
    client.track("bob_event");
    client.setUser(null);
    client.track("after_sign_out");
    await client.flush();
    expect(calls.map(names)).toEqual([["anonymous_view", "alice_event", "bob_event", "after_sign_out"]]);
    const ids = (calls[0] ?? []).map((event) => event.user_id);
    expect(ids).toEqual([
      "web_anonymous1",
      `web_${Buffer.from("alice").toString("base64url")}`,
      `web_${Buffer.from("bob").toString("base64url")}`,
      "web_anonymous1",
    ]);
    expect(calls[0]?.[2]?.session_id).toBe(
      createHash("sha256")
        .update(`${start}:web_${Buffer.from("bob").toString("base64url")}`)
        .digest("hex"),
    );
  });

  it("stores its queue and a new client (a reload) restores it, ignoring anything invalid", async () => {
    let saved: unknown = null;
    const store: QueueStore = {
      load: () => saved,
      save: (events) => {
        saved = structuredClone(events);
      },
    };
    const first = harness(store);
    first.client.setUser("u1");
    track(first.client, 0, 3);
    expect(saved).toHaveLength(3);
    first.client.stop();
    saved = [...(saved as unknown[]), { not: "an event" }];

    const second = harness(store);
    expect(second.client.queued().map((event) => event.event_name)).toEqual(["e0", "e1", "e2"]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.calls.map(names)).toEqual([["e0", "e1", "e2"]]);
    expect(saved).toEqual([]);
  });

  it("follows the config host: another batch size, or off", async () => {
    const { client, calls } = harness();
    client.configure({ batchSize: 2 });
    track(client, 0, 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map(names)).toEqual([["e0", "e1"]]);
    track(client, 2, 1);
    client.configure({ enabled: false });
    track(client, 3, 5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(client.queued()).toEqual([]);
  });
});

describe("analytics batching (spec section 9: 10 per batch, every 5000 ms)", () => {
  it("waits 5000 ms after the first event when the batch is not full", async () => {
    const { client, calls } = harness();
    client.setUser("u1");
    track(client, 0, 3);
    await vi.advanceTimersByTimeAsync(2000);
    track(client, 3, 6);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map(names)).toEqual([["e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"]]);
    expect(client.queued()).toEqual([]);
  });

  it("sends at once when 10 are queued, and sends what came meanwhile in batches of 10", async () => {
    const { client, calls } = harness();
    client.setUser("u1");
    track(client, 0, 10);
    // The first batch is on its way; these queue behind it and leave with it, no timer needed.
    track(client, 10, 15);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(calls.flatMap(names)).toEqual(Array.from({ length: 25 }, (_, i) => `e${i}`));
  });
});

describe("analytics failures (spec sections 4 and 8, interpretations 26)", () => {
  it("retries every 500 ms at most 3 times, then keeps the batch for the next flush", async () => {
    const { client, calls, failWith } = harness();
    client.setUser("u1");
    failWith(new Error("network down"));
    track(client, 0, 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(4); // first try + 3 retries at 500, 1000, 1500

    // A full queue does not force a send while the failed batch waits for the next flush.
    track(client, 10, 10);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(4);
    expect(client.queued().map((event) => event.event_name)).toEqual(Array.from({ length: 20 }, (_, i) => `e${i}`));

    // The next flush (5000 ms after the last retry) starts a fresh budget of 3 retries.
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toHaveLength(8);
    expect(warnings).toContain("analytics: network down");

    failWith(null);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.slice(8).map(names)).toEqual([names(calls[0]), Array.from({ length: 10 }, (_, i) => `e${i + 10}`)]);
    expect(client.queued()).toEqual([]);
  });

  it("puts a failed batch back at the front, before events queued later", async () => {
    const { client, calls, failWith } = harness();
    client.setUser("u1");
    failWith(new AnalyticsHttpError(503));
    track(client, 0, 10);
    await vi.advanceTimersByTimeAsync(0);
    track(client, 10, 2);
    failWith(null);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.slice(1).map(names)).toEqual([
      ["e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"],
      ["e10", "e11"],
    ]);
    expect(warnings).toContain("analytics: HTTP error! status: 503");
  });

  it("drops a batch the server refuses (400) instead of retrying it forever, and goes on", async () => {
    const { client, calls, failWith } = harness();
    client.setUser("u1");
    failWith(new AnalyticsHttpError(400));
    track(client, 0, 10);
    await vi.advanceTimersByTimeAsync(0);
    failWith(null);
    track(client, 10, 1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.map(names)).toEqual([names(calls[0]), ["e10"]]);
    expect(warnings).toContain("analytics: batch dropped (HTTP error! status: 400)");
  });

  it("drops a batch the gateway already has (409 replay) without a warning", async () => {
    const { client, calls, failWith } = harness();
    failWith(new AnalyticsHttpError(409));
    track(client, 0, 1);
    await client.flush();
    failWith(null);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(client.queued()).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; Baiduspider/2.0)",
    "SomeCrawler/1.0",
    "archive crawling agent",
  ])("refuses to send for a bot (%s), with a warning and no throw", async (agent) => {
    const { client, calls, setUserAgent } = harness();
    setUserAgent(agent);
    client.setUser("u1");
    track(client, 0, 3);
    await expect(client.flush()).resolves.toBeUndefined();
    expect(calls).toEqual([]);
    expect(client.queued()).toEqual([]);
    expect(warnings).toEqual([botBlockedMessage]);
  });

  it("does not take HeadlessChrome for a bot", async () => {
    const { client, calls, setUserAgent } = harness();
    setUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36");
    client.setUser("u1");
    track(client, 0, 1);
    await client.flush();
    expect(calls.map(names)).toEqual([["e0"]]);
    expect(warnings).toEqual([]);
  });
});
