import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAnalyticsUser, listAnalyticsEvents } from "~/core/analytics/data";
import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import { botBlockedMessage, signatureWindowMs } from "~/shared/analytics/gateway-protocol";
import { databaseKinds, openTestDatabase } from "../../test/support/test-databases";
import { createAnalyticsGateway } from "./app";
import { signRequest } from "./signature";

// The analytics gateway over real HTTP on PGlite and PostgreSQL (issue 20, interpretations 26): signed
// batches are stored; a bad signature, a stale or future timestamp, a replay, an unknown key, a bot and a
// bad body are refused with the API's error shape and store nothing; POST /user/web upserts; GET /web
// answers status.code and the payload.

const key = { apiKey: "pk_test_gateway_key", appId: "parley-web", passphrase: "a passphrase of the gateway tests" };
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const event = (userId: string, name: string): AnalyticsEvent => ({
  user_id: userId,
  type: "event",
  app_id: key.appId,
  version: "1.0.0",
  result: 1,
  session_id: "ab".repeat(32),
  event_group: "web",
  event_name: name,
  event_time: 1_700_000_000_000,
  duration: 0,
  event_category: "navigation",
  page: "/notes",
  properties: [{ key: "path", value: "/notes" }],
});

describe.each(databaseKinds)("analytics gateway (%s)", (kind) => {
  let server: ServerType;
  let base: string;
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openTestDatabase>>["handle"]["db"];
  let counter = 0;
  const userId = () => `web_gateway${kind}${++counter}`;

  beforeAll(async () => {
    const { handle } = await openTestDatabase(kind);
    await handle.migrate();
    db = handle.db;
    const app = createAnalyticsGateway({ db, logger: pino({ level: "silent" }), key });
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => handle.close();
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await close?.();
  });

  interface SendOptions {
    ts?: number;
    rs?: string;
    apiKey?: string;
    userAgent?: string;
    rawBody?: string;
  }

  async function send(path: "/log/web" | "/user/web", body: unknown, options: SendOptions = {}) {
    const rawBody = options.rawBody ?? JSON.stringify(body);
    const ts = String(options.ts ?? Date.now());
    const headers = {
      "Content-Type": "application/json",
      "User-Agent": options.userAgent ?? chrome,
      "x-api-key": options.apiKey ?? key.apiKey,
      ts,
      rs: options.rs ?? signRequest(key.passphrase, ts, path, rawBody),
    };
    const response = await fetch(base + path, { method: "POST", headers, body: rawBody });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers, rawBody };
  }

  it("stores a signed batch of 10, each event with its fields, properties and key id", async () => {
    const id = userId();
    const batch = Array.from({ length: 10 }, (_, i) => event(id, `e${i}`));
    const answer = await send("/log/web", { event_logs: batch, sdk_version: "0.0.10" });
    expect(answer).toMatchObject({ status: 200, body: { success: true, stored: 10 } });
    const stored = await listAnalyticsEvents(db, { userId: id });
    expect(stored.map((row) => row.eventName).sort()).toEqual(batch.map((item) => item.event_name).sort());
    expect(stored[0]).toMatchObject({
      userId: id,
      appId: "parley-web",
      sessionId: "ab".repeat(32),
      eventTime: 1_700_000_000_000,
      eventCategory: "navigation",
      page: "/notes",
      properties: { path: "/notes" },
      sdkVersion: "0.0.10",
      keyId: key.apiKey,
    });
  });

  it.each<[string, (id: string) => SendOptions, number, string]>([
    ["a wrong signature", () => ({ rs: "0".repeat(64) }), 401, "INVALID_SIGNATURE"],
    [
      "a signature of another body",
      (id) => ({ rs: signRequest(key.passphrase, String(Date.now()), "/log/web", `{"x":"${id}"}`) }),
      401,
      "INVALID_SIGNATURE",
    ],
    [
      "a signature made for another path",
      (id) => ({ rs: signRequest(key.passphrase, String(Date.now()), "/user/web", id) }),
      401,
      "INVALID_SIGNATURE",
    ],
    ["a stale timestamp", () => ({ ts: Date.now() - signatureWindowMs - 1000 }), 401, "STALE_TIMESTAMP"],
    ["a timestamp from the future", () => ({ ts: Date.now() + signatureWindowMs + 1000 }), 401, "STALE_TIMESTAMP"],
    ["an unknown API key", () => ({ apiKey: "pk_someone_else" }), 401, "UNKNOWN_KEY"],
    ["a bot's user agent", () => ({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)" }), 403, "BOT_BLOCKED"],
  ])("refuses %s and stores nothing", async (_case, options, status, errorCode) => {
    const id = userId();
    const answer = await send("/log/web", { event_logs: [event(id, "refused")] }, options(id));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, errorCode, message: expect.any(String) });
    if (errorCode === "BOT_BLOCKED") expect(answer.body.message).toBe(botBlockedMessage);
    expect(await listAnalyticsEvents(db, { userId: id })).toEqual([]);
  });

  it("refuses a replay of the same signed request (409) and keeps the one copy", async () => {
    const id = userId();
    const first = await send("/log/web", { event_logs: [event(id, "once")] });
    expect(first.status).toBe(200);
    const replay = await fetch(`${base}/log/web`, { method: "POST", headers: first.headers, body: first.rawBody });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ success: false, errorCode: "REPLAYED_REQUEST" });
    expect(await listAnalyticsEvents(db, { userId: id })).toHaveLength(1);
  });

  it.each<[string, unknown, number, string]>([
    ["an empty batch", { event_logs: [] }, 400, "VALIDATION_FAILED"],
    ["an event of another app", { event_logs: [{ ...event("web_x", "e"), app_id: "other-app" }] }, 400, "VALIDATION_FAILED"],
    ["a bad user id", { event_logs: [{ ...event("web_x", "e"), user_id: "not-web" }] }, 400, "VALIDATION_FAILED"],
  ])("refuses %s", async (_case, body, status, errorCode) => {
    const answer = await send("/log/web", body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, errorCode });
  });

  it("refuses a body over 256 KB (413) before reading it", async () => {
    // Its own connection: the gateway answers without reading the body, and that connection is not reused.
    const rawBody = JSON.stringify({ event_logs: [event("web_x", "e")], padding: "x".repeat(300 * 1024) });
    const ts = String(Date.now());
    const headers = {
      "Content-Type": "application/json",
      "x-api-key": key.apiKey,
      ts,
      rs: signRequest(key.passphrase, ts, "/log/web", rawBody),
    };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/log/web`, { method: "POST", headers, agent: false }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      // The server may close while the rest of the body is still being written.
      request.on("error", reject);
      request.end(rawBody);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, errorCode: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses a signed body that is not JSON", async () => {
    const answer = await send("/log/web", null, { rawBody: "{not json" });
    expect(answer).toMatchObject({ status: 400, body: { errorCode: "VALIDATION_FAILED" } });
  });

  it("POST /user/web stores the user once per app and updates it on the next call", async () => {
    const id = userId();
    const user = {
      user_id: id,
      app_id: key.appId,
      version: "1.0.0",
      operating_system: "linux",
      tracker_name: null,
      properties: { language: "en" },
      account_id: "acc-1",
    };
    expect((await send("/user/web", user)).status).toBe(200);
    expect(await findAnalyticsUser(db, { userId: id, appId: key.appId })).toMatchObject({
      operatingSystem: "linux",
      trackerName: null,
      accountId: "acc-1",
    });
    const again = { ...user, tracker_name: "news_email::launch::::", properties: { language: "es" } };
    expect((await send("/user/web", again)).status).toBe(200);
    expect(await findAnalyticsUser(db, { userId: id, appId: key.appId })).toMatchObject({
      trackerName: "news_email::launch::::",
      properties: { language: "es" },
    });
    expect((await send("/user/web", { ...user, operating_system: "" })).status).toBe(400);
    expect((await send("/user/web", user, { rs: "f".repeat(64) })).status).toBe(401);
  });

  it("GET /web answers status.code 200 and the client's payload; an unknown app gets code 404 and analytics off", async () => {
    const query = (aid: string) => new URLSearchParams({ aid, id: "web_abc", version: "1.0.0", language: "en" });
    const known = await fetch(`${base}/web?${query(key.appId)}`, { headers: { "User-Agent": chrome } });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({
      status: { code: 200 },
      payload: { enabled: true, batchSize: 10, flushIntervalMs: 5000, retryIntervalMs: 500, maxRetries: 3 },
    });
    const unknown = await fetch(`${base}/web?${query("other-app")}`, { headers: { "User-Agent": chrome } });
    expect(await unknown.json()).toMatchObject({ status: { code: 404 }, payload: { enabled: false } });
    const bad = await fetch(`${base}/web?aid=x`, { headers: { "User-Agent": chrome } });
    expect(bad.status).toBe(400);
    const bot = await fetch(`${base}/web?${query(key.appId)}`, { headers: { "User-Agent": "SomeCrawler/1.0" } });
    expect(bot.status).toBe(403);
  });
});
