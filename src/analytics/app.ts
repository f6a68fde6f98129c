import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { z } from "zod";
import { pruneSignatures, storeSignedBatch, upsertSignedAnalyticsUser } from "~/core/analytics/mutations";
import type { AnalyticsKey } from "~/core/analytics/settings";
import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import {
  type ConfigPayload,
  configQuery,
  type GatewayErrorCode,
  gatewayErrors,
  logWebInput,
  userWebInput,
} from "~/shared/analytics/gateway-contract";
import { analyticsDefaults, botUserAgentPattern, gatewayHeaders, signatureWindowMs } from "~/shared/analytics/gateway-protocol";
import { checkSignature } from "./signature";

// The analytics gateway (issue 20, spec section 7 "Analytics gateway"): POST /log/web and POST /user/web,
// signed per interpretations 26, and the config host's GET /web. It runs as its own role (`npm run
// analytics`, src/analytics/main.ts) and is mounted in the web process at /analytics (the embedded
// default). It uses no session cookie: a signed-out or expired visitor's events are accepted alike.

export interface GatewayDeps {
  db: Database;
  logger: Logger;
  /** The keys it accepts (null: none configured, every signed call is refused). */
  key: AnalyticsKey | null;
  /** The payload GET /web answers with. */
  config?: Partial<ConfigPayload>;
  now?: () => number;
}

/** 50 events of the largest allowed size would be megabytes; real batches of 10 are a few KB. */
export const maxGatewayBodyBytes = 256 * 1024;

type Route = "/log/web" | "/user/web";

export function createAnalyticsGateway(deps: GatewayDeps) {
  const now = deps.now ?? Date.now;
  const config: ConfigPayload = { enabled: true, ...analyticsDefaults, ...deps.config };
  const app = new Hono();
  const fail = (c: Context, code: GatewayErrorCode) =>
    c.json({ success: false as const, errorCode: code, message: gatewayErrors[code].message }, gatewayErrors[code].status);

  // A separate analytics host is another origin: the browser's signed fetch needs CORS (no cookies sent).
  app.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST"],
      allowHeaders: ["Content-Type", gatewayHeaders.keyId, gatewayHeaders.ts, gatewayHeaders.rs],
    }),
  );
  // spec sections 5 and 8: bot-looking clients are refused before anything is read.
  app.use("*", async (c, next) => {
    if (c.req.method !== "OPTIONS" && botUserAgentPattern.test(c.req.header("User-Agent") ?? "")) return fail(c, "BOT_BLOCKED");
    await next();
  });
  app.use("*", bodyLimit({ maxSize: maxGatewayBodyBytes, onError: (c) => fail(c, "PAYLOAD_TOO_LARGE") }));

  let lastPrune = 0;
  /** At most once a minute: signatures older than twice the window can never be replayed within it. */
  function pruneOldSignatures(): void {
    if (now() - lastPrune < 60_000) return;
    lastPrune = now();
    pruneSignatures(deps.db, new Date(now() - 2 * signatureWindowMs)).catch((error: unknown) =>
      deps.logger.warn({ err: error }, "analytics: pruning signatures failed"),
    );
  }

  /** Verifies the key, time and signature, then parses the body with `schema`; a Response when refused. */
  async function readSigned<T extends z.ZodType>(
    c: Context,
    path: Route,
    schema: T,
  ): Promise<{ body: z.infer<T>; signature: string; key: AnalyticsKey } | Response> {
    const rawBody = await c.req.text();
    const key = deps.key;
    if (!key || c.req.header(gatewayHeaders.keyId) !== key.apiKey) return fail(c, "UNKNOWN_KEY");
    const rs = c.req.header(gatewayHeaders.rs);
    const check = checkSignature({ secret: key.passphrase, ts: c.req.header(gatewayHeaders.ts), rs, path, rawBody, now: now() });
    if (check === "stale") return fail(c, "STALE_TIMESTAMP");
    if (check === "invalid" || !rs) return fail(c, "INVALID_SIGNATURE");
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return fail(c, "VALIDATION_FAILED");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return fail(c, "VALIDATION_FAILED");
    return { body: parsed.data, signature: rs.toLowerCase(), key };
  }

  app.post("/log/web", async (c) => {
    const read = await readSigned(c, "/log/web", logWebInput);
    if (read instanceof Response) return read;
    const { body, signature, key } = read;
    // A key signs for its own app only.
    if (body.event_logs.some((event) => event.app_id !== key.appId)) return fail(c, "VALIDATION_FAILED");
    const outcome = await storeSignedBatch(deps.db, {
      signature,
      keyId: key.apiKey,
      events: body.event_logs,
      sdkVersion: body.sdk_version ?? null,
    });
    pruneOldSignatures();
    if (outcome === "replay") return fail(c, "REPLAYED_REQUEST");
    return c.json({ success: true as const, stored: body.event_logs.length }, 200);
  });

  app.post("/user/web", async (c) => {
    const read = await readSigned(c, "/user/web", userWebInput);
    if (read instanceof Response) return read;
    const { body, signature, key } = read;
    if (body.app_id !== key.appId) return fail(c, "VALIDATION_FAILED");
    const outcome = await upsertSignedAnalyticsUser(deps.db, { signature, keyId: key.apiKey, user: body });
    pruneOldSignatures();
    if (outcome === "replay") return fail(c, "REPLAYED_REQUEST");
    return c.json({ success: true as const }, 200);
  });

  // The config host (spec section 7): status.code 200 and the payload; an unknown app gets code 404 and
  // analytics off, so its client emits config_result 0.
  app.get("/web", (c) => {
    const query = configQuery.safeParse(c.req.query());
    if (!query.success) return fail(c, "VALIDATION_FAILED");
    const isKnown = deps.key !== null && query.data.aid === deps.key.appId;
    return c.json({ status: { code: isKnown ? 200 : 404 }, payload: isKnown ? config : { ...config, enabled: false } }, 200, {
      "Cache-Control": "no-store",
    });
  });

  app.notFound((c) => fail(c, "NOT_FOUND"));
  app.onError((error, c) => {
    deps.logger.error({ err: error, path: c.req.path }, "analytics gateway error");
    return fail(c, "INTERNAL_ERROR");
  });
  return app;
}
