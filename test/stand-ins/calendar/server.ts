import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { createSigningKey } from "../oauth/signing-key";
import { type CalendarControl, ControlError, createControl } from "./control";
import { controlRoutes } from "./control-api";
import { googleCalendarRoutes } from "./google-calendar";
import { googleFault } from "./google-errors";
import { googleOAuthRoutes } from "./google-oauth";
import { googlePushRoutes } from "./google-push";
import { graphCalendarRoutes } from "./graph-calendar";
import { graphFault } from "./graph-errors";
import { graphSubscriptionRoutes } from "./graph-subscriptions";
import { faults, type StandInEnv } from "./http";
import { microsoftOAuthRoutes } from "./microsoft-oauth";
import { CalendarStore } from "./store";
import { zoomFault, zoomRoutes } from "./zoom";

// A stand-in for Google OAuth + Calendar v3, the Microsoft identity platform + Graph calendar, and Zoom
// OAuth + ZAK on 127.0.0.1, speaking their protocols and JSON so the app, given these base URLs, behaves
// as against the real services (research 2 and 8). Tests steer it in process through this object or,
// out of process (Playwright, benchmarks), through /__test/*. Never imported by src/.
//
//   Google:    ${url}/google/o/oauth2/v2/auth, ${url}/google/token, ${url}/google/revoke,
//              ${url}/google/oauth2/v3/userinfo, API base ${url}/google/calendar/v3
//   Microsoft: ${url}/microsoft/{tenant}/oauth2/v2.0/{authorize,token}, Graph base ${url}/graph/v1.0
//   Zoom:      ${url}/zoom/oauth/{authorize,token,revoke}, API base ${url}/zoom/v2

export type { CalendarControl, FaultInput, GenerateInput, StandInState } from "./control";
export type { EventInput, EventPatch } from "./event-input";
export type { Delivery } from "./outbox";
export type { CalendarStore } from "./store";

export interface CalendarStandIn extends CalendarControl {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything it remembers, for tests in the same process. */
  store: CalendarStore;
  close(): Promise<void>;
}

export interface StartCalendarStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export async function startCalendarStandIn(options: StartCalendarStandInOptions = {}): Promise<CalendarStandIn> {
  const host = options.host ?? "127.0.0.1";
  const store = new CalendarStore();
  const control = createControl(store);
  const key = await createSigningKey();
  const app = new Hono<StandInEnv>();

  app.onError((error, c) => {
    if (error instanceof ControlError) return c.json({ error: error.message }, error.status);
    process.stderr.write(`calendar stand-in: ${error.stack ?? error.message}\n`);
    return c.json({ error: "stand-in failure" }, 500);
  });
  // Counted per route pattern and account; /health and /__test are the harness, not the app's traffic.
  app.use(async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    if (path === "/health" || path.startsWith("/__test")) return;
    // The endpoint's own pattern even when a middleware (a queued fault) answered before it ran.
    const endpoint = matchedRoutes(c).findLast((route) => route.method !== "ALL");
    const route = endpoint ? endpoint.path : routePath(c);
    store.requests.push({ method: c.req.method, route, status: c.res.status, email: c.get("email") ?? null });
  });
  // Queued faults hit the APIs only, never OAuth, so the app can always reconnect.
  app.use("/google/calendar/*", faults(store, "google", googleFault));
  app.use("/graph/*", faults(store, "microsoft", graphFault));
  app.use("/zoom/v2/*", faults(store, "zoom", zoomFault));

  app.get("/health", (c) => c.json({ ok: true }));
  app.route("/google", googleOAuthRoutes(store, key));
  app.route("/google", googleCalendarRoutes(store));
  app.route("/google", googlePushRoutes(store));
  app.route("/microsoft", microsoftOAuthRoutes(store, key));
  app.route("/graph", graphCalendarRoutes(store));
  app.route("/graph", graphSubscriptionRoutes(store));
  app.route("/zoom", zoomRoutes(store));
  app.route("/__test", controlRoutes(control));

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () => resolve(started));
  });
  store.baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    ...control,
    url: store.baseUrl,
    store,
    close: async () => {
      await store.outbox.drain();
      // Keep-alive sockets from the app's fetch() would hold close() open for seconds.
      if ("closeAllConnections" in server) server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
