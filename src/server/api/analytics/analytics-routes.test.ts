import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countAnalyticsEvents, listAnalyticsEvents } from "~/core/analytics/data";
import type { RunningWeb } from "~/server/start-web";
import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// POST /api/analytics/events over real HTTP (needs `npm run build`): the former log sink, now a thin alias
// of the analytics gateway (issue 20), stores a signed-in user's batch with the session's user id as key
// id; bad batches are a translated 400, anonymous callers a 401, and neither stores anything.
describe("analytics events API", () => {
  let web: RunningWeb;
  let counter = 0;
  let countBefore = 0;
  const storedSince = async () => (await countAnalyticsEvents(web.database.db)) - countBefore;

  const event = (name: string, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
    user_id: "web_dXNlci0x",
    type: "event",
    app_id: "parley-web",
    version: "1.0.0",
    result: 1,
    session_id: "0123456789abcdef".repeat(4),
    event_group: "web",
    event_name: name,
    event_time: 1_700_000_000_000,
    duration: 0,
    event_category: "billing",
    page: "/notes",
    properties: [{ key: "source", value: "upload" }],
    ...overrides,
  });

  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
  });
  beforeEach(async () => {
    countBefore = await countAnalyticsEvents(web.database.db);
  });

  it("accepts a batch and stores each event once, with the signed-in user's id as key id", async () => {
    const client = await verifiedClient(web, `analytics${++counter}@example.com`);
    const { userId } = ((await (await client.api("GET", "/user")).json()) as { payload: { userId: string } }).payload;
    expect(userId).toEqual(expect.stringMatching(/.+/));
    const batch = [event("paywall"), event("purchase_clicked", { properties: [{ key: "offersFreeTrial", value: "false" }] })];

    const response = await client.api("POST", "/analytics/events", { event_logs: batch, sdk_version: "0.0.10" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const stored = await listAnalyticsEvents(web.database.db, { userId: "web_dXNlci0x" });
    expect(stored.map((row) => [row.eventName, row.keyId, row.sdkVersion])).toEqual([
      ["paywall", `session:${userId}`, "0.0.10"],
      ["purchase_clicked", `session:${userId}`, "0.0.10"],
    ]);
    expect(stored[1]?.properties).toEqual({ offersFreeTrial: "false" });
  });

  it.each<[string, unknown]>([
    ["an empty batch", { event_logs: [] }],
    ["51 events", { event_logs: Array.from({ length: 51 }, (_, i) => event(`e${i}`)) }],
    ["a missing field", { event_logs: [{ ...event("paywall"), session_id: undefined }] }],
    ["a user id without the web_ prefix", { event_logs: [event("paywall", { user_id: "dXNlci0x" })] }],
    ["a property with a number value", { event_logs: [{ ...event("paywall"), properties: [{ key: "price", value: 69.99 }] }] }],
    ["no event_logs at all", { events: [event("paywall")] }],
  ])("refuses %s with a translated 400 and stores nothing", async (_label, body) => {
    const client = await verifiedClient(web, `analytics${++counter}@example.com`, "es");
    const response = await client.api("POST", "/analytics/events", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      errorCode: "VALIDATION_FAILED",
      message: "Parte de la información enviada no es válida.",
    });
    expect(await storedSince()).toBe(0);
  });

  it("is described in the OpenAPI document", async () => {
    const spec = (await (await new TestClient(web.url).request("GET", "/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(spec.paths["/analytics/events"]).toHaveProperty("post");
  });

  it("answers 401 to an anonymous caller and stores nothing", async () => {
    const anonymous = new TestClient(web.url);
    const response = await anonymous.api("POST", "/analytics/events", { event_logs: [event("paywall")] });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, errorCode: "UNAUTHENTICATED" });
    expect(await storedSince()).toBe(0);
  });

  // Last on purpose: the server answers 413 before reading the body and closes that connection, which
  // fetch's connection pool may hand to the next request of the file.
  it("refuses a body over 256 KB with 413", async () => {
    const client = await verifiedClient(web, `analytics${++counter}@example.com`);
    const big = Array.from({ length: 50 }, (_, i) =>
      event(`e${i}`, { properties: Array.from({ length: 5 }, (_, k) => ({ key: `k${k}`, value: "x".repeat(2000) })) }),
    );
    const response = await client.api("POST", "/analytics/events", { event_logs: big });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errorCode: "PAYLOAD_TOO_LARGE" });
    expect(await storedSince()).toBe(0);
  });
});
