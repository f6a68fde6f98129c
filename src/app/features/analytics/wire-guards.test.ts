import { describe, expect, it } from "vitest";
import { analyticsEventSchema } from "~/shared/analytics/analytics-event";
import { configReplySchema } from "~/shared/analytics/gateway-contract";
import { isAnalyticsEvent, readConfigReply } from "./wire-guards";

// The browser's hand-written checks must agree with the gateway's zod schemas on what they look at.
const event = {
  user_id: "web_dXNlcg",
  type: "event",
  app_id: "app",
  version: "1.0.0",
  result: 1,
  session_id: "a".repeat(64),
  event_group: "web",
  event_name: "page_view",
  event_time: 1_764_000_000_000,
  duration: 0,
  event_category: "general",
  page: "/home",
  properties: [{ key: "path", value: "/home" }],
};

describe("stored analytics events", () => {
  it("accepts what the gateway accepts and refuses what it refuses", () => {
    const variants: unknown[] = [
      event,
      { ...event, properties: [] },
      { ...event, user_id: "user" },
      { ...event, result: 2 },
      { ...event, session_id: "xyz" },
      { ...event, event_time: -1 },
      { ...event, duration: 1.5 },
      { ...event, event_name: "" },
      { ...event, page: "x".repeat(2001) },
      { ...event, properties: [{ key: "", value: "v" }] },
      { ...event, properties: [{ key: "k" }] },
      { ...event, properties: Array.from({ length: 51 }, () => ({ key: "k", value: "v" })) },
      { ...event, type: undefined },
      null,
      "event",
      [event],
    ];
    for (const value of variants)
      expect(isAnalyticsEvent(value), JSON.stringify(value)).toBe(analyticsEventSchema.safeParse(value).success);
  });
});

describe("the config host's answer", () => {
  const payload = { enabled: true, batchSize: 10, flushIntervalMs: 5000, maxRetries: 3, retryIntervalMs: 500 };
  it("reads the code and payload the schema reads, and nothing else", () => {
    const variants: unknown[] = [
      { status: { code: 200 }, payload },
      { status: { code: 500 }, payload: { ...payload, enabled: false } },
      { status: { code: 200 }, payload: { ...payload, batchSize: 0 } },
      { status: { code: 200 }, payload: { ...payload, maxRetries: 11 } },
      { status: { code: 200 }, payload: { ...payload, flushIntervalMs: 499 } },
      { status: { code: "200" }, payload },
      { status: { code: 200 } },
      null,
    ];
    for (const value of variants) {
      const parsed = configReplySchema.safeParse(value);
      expect(readConfigReply(value), JSON.stringify(value)).toEqual(
        parsed.success ? { code: parsed.data.status.code, payload: parsed.data.payload } : null,
      );
    }
  });
});
