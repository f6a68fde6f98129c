import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { readCookie } from "~/shared/cookies";
import { AppError } from "../api/api-error";

// spec section 4 "Anti-forgery token" + interpretations 15: a signed double-submit token. The cookie and
// the X-CSRF-Token header must carry the same token, and the token must carry our signature, so a
// sibling subdomain that plants a cookie cannot mint a valid one.
export const csrfCookieName = "csrf_token";
export const csrfHeaderName = "X-CSRF-Token";

/** Paths under /api that prove themselves otherwise (interpretations 15). */
const exemptPrefixes = ["/api/auth/", "/api/webhooks/", "/api/dev/", "/api/bot-callbacks/", "/api/calendar/push/"];

export function createCsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, nonce: string): string {
  return createHmac("sha256", secret).update(`csrf:${nonce}`).digest("base64url");
}

export function setCsrfCookie(c: Parameters<MiddlewareHandler>[0], token: string, isSecure: boolean): void {
  // Readable by the page on purpose: the client falls back to it when the token fetch fails (spec section 7).
  setCookie(c, csrfCookieName, token, { path: "/", sameSite: "Lax", secure: isSecure, httpOnly: false, maxAge: 60 * 60 * 24 * 7 });
}

/**
 * Every non-GET product call needs the token. A request that carries only a bearer token and no cookies
 * cannot be forged by another site (nothing ambient), so scripts using the API with a token pass.
 */
export function csrfProtection(secret: string): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const path = c.req.path;
    if (exemptPrefixes.some((prefix) => path.startsWith(prefix))) return next();
    const cookieHeader = c.req.header("Cookie");
    if (!cookieHeader && /^Bearer\s/i.test(c.req.header("Authorization") ?? "")) return next();
    const header = c.req.header(csrfHeaderName);
    const cookie = readCookie(cookieHeader, csrfCookieName);
    if (!header || header !== cookie || !isValidCsrfToken(secret, header)) throw new AppError("INVALID_CSRF_TOKEN");
    return next();
  };
}
