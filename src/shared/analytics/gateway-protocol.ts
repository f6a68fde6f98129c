// The analytics gateway's protocol constants (spec sections 5, 7 and 9, interpretations 26), free of zod so
// the static pages' page-view sender (src/app/enhance/) stays a few hundred bytes.

export const analyticsSdkVersion = "0.0.10";
export const analyticsAppVersion = "1.0.0";
/** spec section 9: batch size 10, flush interval 5000 ms, max retries 3, retry every 500 ms while idle. */
export const analyticsDefaults = { batchSize: 10, flushIntervalMs: 5000, retryIntervalMs: 500, maxRetries: 3 } as const;

/** Header names of the signature: the API key (key id), the epoch-millisecond time and the HMAC. */
export const gatewayHeaders = { keyId: "x-api-key", ts: "ts", rs: "rs" } as const;

/** A signed request older or newer than this is refused (clock skew allowed either side). */
export const signatureWindowMs = 5 * 60 * 1000;

/** interpretations 26: the text the HMAC-SHA256 is computed over; `path` is the gateway route ("/log/web"). */
export function signatureBase(ts: string, path: string, rawBody: string): string {
  return `${ts}\n${path}\n${rawBody}`;
}

/** spec section 5: requests are refused when the client looks like a bot (HeadlessChrome is not one). */
export const botUserAgentPattern = /bot|crawler|spider|crawling/i;
/** spec section 8 "Analytics blocked". */
export const botBlockedMessage = "Request blocked due to likely bot activity.";

/** localStorage key of an anonymous visitor's analytics id, shared by the app and the static pages. */
export const anonymousIdStorageKey = "parley.analytics.anonymousId";
/** sessionStorage key (per tab, kept across reloads) of the events not sent yet; static pages add theirs on failure. */
export const queueStorageKey = "parley.analytics.queue";
