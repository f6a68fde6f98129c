import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  type PaymentRequired,
  reportPaymentRequired,
  setPaymentRequiredHandler,
  setSessionHandlers,
} from "./api-client";
import { clearCsrfToken, setApiBaseUrl } from "./csrf-token";

// The web API client against a real HTTP server (no fetch mocks): headers of spec section 7 and the
// error catalogue of section 8.
interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
}

describe("web API client", () => {
  let server: ServerType;
  const seen: Seen[] = [];
  let tokensIssued = 0;
  let staleAnswers = 0;
  const onUnauthenticated = vi.fn();
  const onBanned = vi.fn();

  beforeAll(async () => {
    const app = new Hono();
    app.use("*", async (c, next) => {
      seen.push({
        method: c.req.method,
        path: c.req.path + (new URL(c.req.url).search || ""),
        headers: Object.fromEntries(c.req.raw.headers),
      });
      await next();
    });
    app.get("/api/csrf-token", (c) => c.json({ success: true, csrfToken: `token-${++tokensIssued}` }));
    app.get("/api/ok", (c) => c.json({ success: true, value: 42 }));
    app.post("/api/echo", async (c) => c.json({ success: true, body: await c.req.json() }));
    // Refuses the first token it sees, as a server does after its token was rotated.
    app.post("/api/stale-once", (c) =>
      c.req.header("X-CSRF-Token") === "token-1" ? c.json({ errorCode: "INVALID_CSRF_TOKEN" }, 403) : c.json({ success: true }),
    );
    app.post("/api/always-stale", (c) => {
      staleAnswers++;
      return c.json({ errorCode: "INVALID_CSRF_TOKEN", message: "stale" }, 403);
    });
    app.get("/api/expired", (c) => c.json({ errorCode: "UNAUTHENTICATED", message: "Please sign in." }, 401));
    app.get("/api/banned", (c) => c.json({ errorCode: "user_banned", message: "Suspended." }, 403));
    app.get("/api/limit", (c) => c.json({ message: "Limit reached", errorSource: "upload" }, 402));
    app.get("/api/plain-500", (c) => c.text("", 500));
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
    });
    const address = server.address();
    setApiBaseUrl(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    setSessionHandlers({ onUnauthenticated, onBanned });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    clearCsrfToken();
    onUnauthenticated.mockClear();
    onBanned.mockClear();
  });

  it("sends the spec's headers; the anti-forgery token only on non-GET calls, fetched once", async () => {
    expect(await apiRequest("GET", "/ok", { query: { a: "1", skip: undefined } })).toEqual({ success: true, value: 42 });
    await apiRequest("POST", "/echo", { body: { x: 1 } });
    await apiRequest("POST", "/echo", { body: { x: 2 } });
    const get = seen.find((request) => request.path === "/api/ok?a=1");
    expect(get?.headers).toMatchObject({ "accept-language": "en", "x-platform": "web", "x-version": "1.0.0" });
    expect(get?.headers["x-csrf-token"]).toBeUndefined();
    const posts = seen.filter((request) => request.path === "/api/echo");
    expect(posts.map((request) => request.headers["x-csrf-token"])).toEqual([
      expect.stringMatching(/^token-/),
      posts[0]?.headers["x-csrf-token"],
    ]);
    expect(posts[0]?.headers["content-type"]).toBe("application/json");
    expect(seen.filter((request) => request.path === "/api/csrf-token")).toHaveLength(1);
  });

  it("on INVALID_CSRF_TOKEN clears the token, fetches a new one and retries once", async () => {
    tokensIssued = 0;
    expect(await apiRequest("POST", "/stale-once")).toEqual({ success: true });
    expect(seen.map((request) => request.path)).toEqual(["/api/csrf-token", "/api/stale-once", "/api/csrf-token", "/api/stale-once"]);
  });

  it("retries only once, then reports the error", async () => {
    staleAnswers = 0;
    await expect(apiRequest("POST", "/always-stale")).rejects.toMatchObject({ status: 403, errorCode: "INVALID_CSRF_TOKEN" });
    expect(staleAnswers).toBe(2);
  });

  it("signs out on 401 and on user_banned, through the session handlers", async () => {
    await expect(apiRequest("GET", "/expired")).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    await expect(apiRequest("GET", "/banned")).rejects.toMatchObject({ errorCode: "user_banned" });
    expect(onBanned).toHaveBeenCalledTimes(1);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("leaves the session alone for a background call (analytics): a 401 or a ban only rejects", async () => {
    await expect(apiRequest("GET", "/expired", { isBackground: true })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest("GET", "/banned", { isBackground: true })).rejects.toMatchObject({ errorCode: "user_banned" });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(onBanned).not.toHaveBeenCalled();
  });

  it("takes the configured message, else the server's, else its own", async () => {
    await expect(apiRequest("GET", "/expired", { errorMessage: "Configured" })).rejects.toThrow("Configured");
    await expect(apiRequest("GET", "/expired")).rejects.toThrow("Please sign in.");
    await expect(apiRequest("GET", "/plain-500")).rejects.toThrow("HTTP error! status: 500");
  });

  it("hands a 402 to the caller with its errorSource", async () => {
    const error = await apiRequest("GET", "/limit").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, message: "Limit reached", body: { errorSource: "upload" }, isHandledGlobally: false });
  });

  it("a 402 also goes to the payment-required handler (the paywall), and the error says it was handled", async () => {
    const seenByHandler: PaymentRequired[] = [];
    setPaymentRequiredHandler((event) => seenByHandler.push(event));
    try {
      const error = await apiRequest("GET", "/limit").catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 402, isHandledGlobally: true });
      await expect(apiRequest("GET", "/plain-500")).rejects.toMatchObject({ status: 500, isHandledGlobally: false });
      expect(reportPaymentRequired({ message: null, errorSource: "upload_count" })).toBe(true);
      expect(seenByHandler).toEqual([
        { message: "Limit reached", errorSource: "upload" },
        { message: null, errorSource: "upload_count" },
      ]);
    } finally {
      setPaymentRequiredHandler(null);
    }
    expect(reportPaymentRequired({ message: null, errorSource: null })).toBe(false);
  });
});
