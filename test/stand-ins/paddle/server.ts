import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { z } from "zod";
import { paddleApiRoutes } from "./api-routes";
import { browserRoutes } from "./browser-routes";
import { createStore, type Scenario } from "./store";
import { type Delivery, WebhookOutbox } from "./webhooks";

// A stand-in for Paddle Billing on 127.0.0.1 that speaks Paddle's protocol: the server API the app calls
// through @paddle/paddle-node-sdk (URL as `environment`), webhooks signed as Paddle signs them, and a
// paddle.js served in place of the CDN script whose inline checkout "pays" with a test card. Tests steer it
// through this object or, out of process (Playwright), through /__test/*. Never imported by src/.

export type { Scenario } from "./store";
export type { Delivery } from "./webhooks";

export interface PaddleStandIn {
  /** http://127.0.0.1:PORT — the API base URL; paddle.js at `${url}/paddle/v2/paddle.js`. */
  url: string;
  /** The server API key it accepts (Authorization: Bearer <apiKey>). */
  apiKey: string;
  /** The secret it signs webhooks with. */
  webhookSecret: string;
  /** Where signed webhooks are POSTed (the app's /api/webhooks/paddle). */
  setWebhookUrl(url: string): void;
  setScenario(s: Partial<Scenario>): void;
  /** Every webhook made, in order (status 0: not POSTed — no URL, webhooks "off", or unreachable). */
  deliveries(): Delivery[];
  /** POST one event (Paddle shape {event_id, event_type, occurred_at, notification_id, data}) signed as asked. */
  sendWebhook(event: object, signature?: "valid" | "forged" | "stale", options?: { staleSeconds?: number }): Promise<Delivery>;
  /** The same raw event again with a fresh valid signature (Paddle's retry). */
  redeliver(eventId: string): Promise<Delivery>;
  /** Resolves once at least `count` deliveries are recorded (no sleeping in tests). */
  waitForDeliveries(count: number): Promise<Delivery[]>;
  /** Resolves with every delivery once all the webhooks queued so far are made (call after the causing request). */
  settled(): Promise<Delivery[]>;
  close(): Promise<void>;
}

export interface StartPaddleStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default "pdl_sdbx_apikey_standin". */
  apiKey?: string;
  /** Default "pdl_ntfset_standin_secret". */
  webhookSecret?: string;
  webhookUrl?: string;
}

const scenarioInput = z
  .object({
    pricingPreview: z.enum(["ok", "empty", "error"]),
    payment: z.enum(["success", "declined"]),
    webhooks: z.enum(["on", "off"]),
  })
  .partial()
  .strict();
const sendInput = z.object({
  event: z.record(z.string(), z.unknown()),
  signature: z.enum(["valid", "forged", "stale"]).default("valid"),
  staleSeconds: z.number().int().positive().optional(),
});

export async function startPaddleStandIn({
  port = 0,
  apiKey = "pdl_sdbx_apikey_standin",
  webhookSecret = "pdl_ntfset_standin_secret",
  webhookUrl,
}: StartPaddleStandInOptions = {}): Promise<PaddleStandIn> {
  let targetUrl: string | null = webhookUrl ?? null;
  let base = "";
  const outbox: WebhookOutbox = new WebhookOutbox({
    secret: webhookSecret,
    webhookUrl: () => targetUrl,
    isPosting: () => store.scenario.webhooks === "on",
  });
  const store = createStore(outbox, () => base);
  const api = paddleApiRoutes(store, apiKey);

  const setScenario = (patch: Partial<Scenario>) => {
    store.scenario = { ...store.scenario, ...scenarioInput.parse(patch) };
  };
  const sendWebhook = (event: object, signature: "valid" | "forged" | "stale" = "valid", options: { staleSeconds?: number } = {}) =>
    outbox.send(event, signature, options.staleSeconds);
  const redeliver = (eventId: string) => outbox.redeliver(eventId);

  const app = new Hono();
  app.get("/health", (c) => c.json({ ok: true }));
  app.get("/__test/scenario", (c) => c.json(store.scenario));
  app.post("/__test/scenario", async (c) => {
    const patch = scenarioInput.safeParse(await c.req.json().catch(() => undefined));
    if (!patch.success) return c.json({ error: z.prettifyError(patch.error) }, 400);
    setScenario(patch.data);
    return c.json(store.scenario);
  });
  // ?settled=1 first waits for every webhook queued so far (Playwright: after the click that caused them).
  app.get("/__test/deliveries", async (c) => {
    if (c.req.query("settled")) await outbox.drain();
    return c.json(outbox.deliveries);
  });
  app.post("/__test/webhook-url", async (c) => {
    const body = z.object({ url: z.url() }).safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    targetUrl = body.data.url;
    return c.json({ url: targetUrl });
  });
  app.post("/__test/redeliver", async (c) => {
    const body = z.object({ eventId: z.string() }).safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    if (!outbox.hasEvent(body.data.eventId)) return c.json({ error: `no event ${body.data.eventId}` }, 404);
    return c.json(await redeliver(body.data.eventId));
  });
  app.post("/__test/send", async (c) => {
    const body = sendInput.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    return c.json(await sendWebhook(body.data.event, body.data.signature, { staleSeconds: body.data.staleSeconds }));
  });
  app.route("/", browserRoutes(store));
  // Everything else is Paddle's API, behind the key; its own 404 answers in Paddle's error shape.
  app.all("*", (c) => api.fetch(c.req.raw));

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiKey,
    webhookSecret,
    setWebhookUrl: (url) => {
      targetUrl = url;
    },
    setScenario,
    deliveries: () => [...outbox.deliveries],
    sendWebhook,
    redeliver,
    waitForDeliveries: (count) => outbox.waitFor(count),
    settled: () => outbox.drain().then(() => [...outbox.deliveries]),
    close: async () => {
      await outbox.drain();
      // Keep-alive sockets from fetch() would hold close() open for seconds.
      if ("closeAllConnections" in server) server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
