import { z } from "zod";
import { analyticsBatchInput } from "./analytics-event";
import { botBlockedMessage } from "./gateway-protocol";

// The analytics gateway's wire contract (spec section 7 "Analytics gateway", interpretations 26), shared by
// the gateway (src/analytics/) and the app's client; the zod-free constants live in gateway-protocol.ts.

/** The values the browser needs (interpretations 27: present only when analytics is configured). */
export const browserAnalyticsConfigSchema = z.object({
  /** Gateway base URL (POST /log/web, POST /user/web), same-origin `/analytics` by default. */
  url: z.string().min(1),
  /** Config host base URL (GET /web). */
  configUrl: z.string().min(1),
  /** spec section 5: without the API key, the app id and the passphrase the client stays off (null here). */
  apiKey: z.string().min(1).nullable(),
  appId: z.string().min(1).nullable(),
  /** The HMAC key the browser signs with: public by design (it ships to every browser). */
  passphrase: z.string().min(1).nullable(),
});
export type BrowserAnalyticsConfig = z.infer<typeof browserAnalyticsConfigSchema>;

/** POST /log/web body. */
export const logWebInput = analyticsBatchInput;

const text = (max: number) => z.string().max(max);

/** POST /user/web body (spec section 7). */
export const userWebInput = z.object({
  user_id: z.string().regex(/^web_[A-Za-z0-9_-]{1,300}$/),
  app_id: text(100).min(1),
  version: text(20).min(1),
  operating_system: text(100).min(1),
  tracker_name: text(500).nullable().optional(),
  properties: z
    .record(text(100).min(1), text(2000))
    .refine((value) => Object.keys(value).length <= 50, "at most 50 properties")
    .default({}),
  account_id: text(200).nullable().optional(),
});
export type UserWebInput = z.infer<typeof userWebInput>;

/** GET /web query (spec section 7: aid, id, version, language). */
export const configQuery = z.object({
  aid: text(100).min(1),
  id: z.string().regex(/^web_[A-Za-z0-9_-]{1,300}$/),
  version: text(20).min(1),
  language: text(20).min(1),
});

/** GET /web payload: how the client runs (spec section 9 defaults). */
export const configPayloadSchema = z.object({
  enabled: z.boolean(),
  batchSize: z.number().int().min(1).max(50),
  flushIntervalMs: z.number().int().min(500),
  maxRetries: z.number().int().min(0).max(10),
  retryIntervalMs: z.number().int().min(100),
});
export type ConfigPayload = z.infer<typeof configPayloadSchema>;

export const configReplySchema = z.object({ status: z.object({ code: z.number().int() }), payload: configPayloadSchema });

/** The gateway's error codes and statuses; the body is the API's `{ success: false, errorCode, message }`. */
export const gatewayErrors = {
  VALIDATION_FAILED: { status: 400, message: "The request is not valid." },
  UNKNOWN_KEY: { status: 401, message: "Unknown API key." },
  INVALID_SIGNATURE: { status: 401, message: "The request signature does not match." },
  STALE_TIMESTAMP: { status: 401, message: "The request timestamp is missing or outside the allowed window." },
  BOT_BLOCKED: { status: 403, message: botBlockedMessage },
  NOT_FOUND: { status: 404, message: "No such route." },
  REPLAYED_REQUEST: { status: 409, message: "This signed request was already received." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  INTERNAL_ERROR: { status: 500, message: "Something went wrong." },
} as const;
export type GatewayErrorCode = keyof typeof gatewayErrors;
