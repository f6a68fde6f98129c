import { gatewayHeaders, signatureBase } from "~/shared/analytics/gateway-protocol";

// A signed call to the analytics gateway (interpretations 26), with Web Crypto's HMAC-SHA256. Small on
// purpose: the static pages' page-view sender ships it too. The gateway uses no cookie (credentials
// omitted), so a signed-out or expired session changes nothing here.

/** spec section 8 "Analytics HTTP failure": 'HTTP error! status: {code}'. */
export class AnalyticsHttpError extends Error {
  override name = "AnalyticsHttpError";
  constructor(readonly status: number) {
    super(`HTTP error! status: ${status}`);
  }
  /** A refused request (400, 401, 403, 409 replay, 413) fails the same way every time: dropped, not retried. */
  get isRetryable(): boolean {
    return this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export interface GatewayKey {
  /** Gateway base URL ("/analytics" or an absolute one). */
  url: string;
  apiKey: string;
  passphrase: string;
}

/** Web Crypto exists only in secure contexts (https, localhost): without it nothing can be signed. */
export const canSign = (): boolean => typeof crypto !== "undefined" && typeof crypto.subtle?.importKey === "function";

const keys = new Map<string, Promise<CryptoKey>>();

async function hmacHex(passphrase: string, text: string): Promise<string> {
  let key = keys.get(passphrase);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(passphrase, key);
  }
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(text)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** POSTs `body` as JSON to `<url><path>`, signed; rejects with AnalyticsHttpError unless 2xx. */
export async function signedGatewayPost(
  key: GatewayKey,
  path: "/log/web" | "/user/web",
  body: unknown,
  options: { keepalive?: boolean; now?: () => number } = {},
): Promise<void> {
  const rawBody = JSON.stringify(body);
  const ts = String(Math.round((options.now ?? Date.now)()));
  const response = await fetch(key.url + path, {
    method: "POST",
    credentials: "omit",
    keepalive: options.keepalive,
    headers: {
      "Content-Type": "application/json",
      [gatewayHeaders.keyId]: key.apiKey,
      [gatewayHeaders.ts]: ts,
      [gatewayHeaders.rs]: await hmacHex(key.passphrase, signatureBase(ts, path, rawBody)),
    },
    body: rawBody,
  });
  if (!response.ok) throw new AnalyticsHttpError(response.status);
}
