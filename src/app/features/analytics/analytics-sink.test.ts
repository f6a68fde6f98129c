import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setApiBaseUrl } from "~/app/api/csrf-token";
import { type AnalyticsEvent, analyticsBatchInput } from "~/shared/analytics/analytics-event";
import { AnalyticsHttpError } from "./analytics-client";
import { sendAnalyticsBatch } from "./analytics-sink";

// The app's sink through the real API client over HTTP: the body is the gateway's `event_logs` batch the
// server's schema accepts, sent with the anti-forgery token; HTTP failures read 'HTTP error! status: {code}'.
describe("sendAnalyticsBatch", () => {
  let server: ServerType;
  const received: unknown[] = [];
  let answerStatus = 200;

  const event: AnalyticsEvent = {
    user_id: "web_dXNlci0x",
    type: "event",
    app_id: "parley-web",
    version: "1.0.0",
    result: 1,
    session_id: "a".repeat(64),
    event_group: "web",
    event_name: "paywall",
    event_time: 1_700_000_000_000,
    duration: 0,
    event_category: "billing",
    page: "/notes",
    properties: [{ key: "source", value: "upload" }],
  };

  beforeAll(async () => {
    const app = new Hono();
    app.get("/api/csrf-token", (c) => c.json({ success: true, csrfToken: "token-1" }));
    app.post("/api/analytics/events", async (c) => {
      if (c.req.header("X-CSRF-Token") !== "token-1") return c.json({ errorCode: "INVALID_CSRF_TOKEN" }, 403);
      received.push(await c.req.json());
      return answerStatus === 200 ? c.json({ success: true }) : c.json({ success: false, message: "nope" }, answerStatus as 500);
    });
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
    });
    const address = server.address();
    setApiBaseUrl(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts { event_logs, sdk_version } in the shape the server validates", async () => {
    answerStatus = 200;
    await sendAnalyticsBatch([event]);
    const body = received.at(-1);
    expect(body).toEqual({ event_logs: [event], sdk_version: "0.0.10" });
    expect(analyticsBatchInput.safeParse(body).success).toBe(true);
  });

  it.each([
    { status: 500, isRetryable: true },
    { status: 429, isRetryable: true },
    { status: 400, isRetryable: false },
    { status: 401, isRetryable: false },
  ])("turns HTTP $status into 'HTTP error! status: $status' (retryable: $isRetryable)", async ({ status, isRetryable }) => {
    vi.spyOn(console, "warn").mockImplementation(() => {}); // the API client's 'session expired' on 401
    answerStatus = status;
    const failure = await sendAnalyticsBatch([event]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AnalyticsHttpError);
    expect(failure).toMatchObject({ status, message: `HTTP error! status: ${status}`, isRetryable });
  });
});
