import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { Provider } from "./identity";
import type { CalendarStore, Fault } from "./store";

// Request plumbing shared by the provider areas: bearer and Basic credentials, forms, JSON bodies,
// and the queued-fault middleware.

/** Hono variables: the e-mail a request acted for, so the request log can count per account. */
export type StandInEnv = { Variables: { email: string | undefined } };
export type StandInContext = Context<StandInEnv>;

/** The bearer token; the scheme is matched without case, as the providers do. */
export function bearerToken(c: StandInContext): string | null {
  return /^bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? null;
}

/** client_secret_basic (RFC 6749 2.3.1: form-encoded id and secret, base64 of "id:secret"). */
export function basicCredentials(c: StandInContext): { clientId: string; clientSecret: string } | null {
  const encoded = /^basic\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const unform = (value: string) => decodeURIComponent(value.replaceAll("+", " "));
  return { clientId: unform(decoded.slice(0, colon)), clientSecret: unform(decoded.slice(colon + 1)) };
}

/** An application/x-www-form-urlencoded body (empty when there is none). */
export async function readForm(c: StandInContext): Promise<URLSearchParams> {
  return new URLSearchParams(await c.req.text().catch(() => ""));
}

export async function readJson<T extends z.ZodType>(c: StandInContext, schema: T): Promise<z.ZodSafeParseResult<z.output<T>>> {
  return schema.safeParse(await c.req.json().catch(() => undefined));
}

/** Answers the next queued fault of `provider` in that provider's error shape, before anything else runs. */
export function faults(
  store: CalendarStore,
  provider: Provider,
  answer: (c: StandInContext, fault: Fault) => Response,
): MiddlewareHandler<StandInEnv> {
  return async (c, next) => {
    const fault = store.takeFault(provider);
    if (!fault) return next();
    // Still counted for the account in the request log, as the app did make the call.
    const grant = store.grants.findAccess(provider, bearerToken(c));
    if (grant !== null && grant !== "expired") c.set("email", grant.email);
    const response = answer(c, fault);
    if (fault.retryAfterSeconds !== null) response.headers.set("retry-after", String(fault.retryAfterSeconds));
    return response;
  };
}

/** The absolute URL of this request on the stand-in (for nextLink, resourceUri). */
export const selfUrl = (store: CalendarStore, c: StandInContext) => {
  const url = new URL(c.req.url);
  return `${store.baseUrl}${url.pathname}${url.search}`;
};
