import { randomUUID } from "node:crypto";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Grant } from "./grants";
import { bearerToken, type StandInContext } from "./http";
import type { CalendarStore, Fault } from "./store";
import { isKnownTimeZone } from "./time";

// Microsoft Graph's error envelope {error:{code, message, innerError}}, its bearer check, and the
// Prefer header (outlook.timezone, odata.maxpagesize).

export function graphError(c: StandInContext, status: ContentfulStatusCode, code: string, message: string): Response {
  const requestId = randomUUID();
  return c.json(
    {
      error: {
        code,
        message,
        innerError: { date: new Date().toISOString().slice(0, 19), "request-id": requestId, "client-request-id": requestId },
      },
    },
    status,
  );
}

const faultBodies = {
  429: { code: "TooManyRequests", message: "Too many requests." },
  500: { code: "generalException", message: "An internal server error occurred." },
  503: { code: "serviceNotAvailable", message: "The service is temporarily unavailable." },
} as const;

export function graphFault(c: StandInContext, fault: Fault): Response {
  const body = faultBodies[fault.status];
  return graphError(c, fault.status, body.code, body.message);
}

/** The grant behind the bearer token, or Graph's 401 InvalidAuthenticationToken. */
export function graphGrant(c: StandInContext, store: CalendarStore): Grant | Response {
  const token = bearerToken(c);
  if (!token) return graphError(c, 401, "InvalidAuthenticationToken", "Access token is empty.");
  const grant = store.grants.findAccess("microsoft", token);
  if (grant === "expired") return graphError(c, 401, "InvalidAuthenticationToken", "Lifetime validation failed, the token is expired.");
  if (grant === null) return graphError(c, 401, "InvalidAuthenticationToken", "Access token validation failure. Invalid audience.");
  c.set("email", grant.email);
  return grant;
}

/** The Prefer header's preferences, e.g. `outlook.timezone="UTC", odata.maxpagesize=50` (one header or several). */
export function preferences(c: StandInContext): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (c.req.header("prefer") ?? "").split(",")) {
    const match = /^\s*([\w.]+)\s*=\s*"?([^"]*)"?\s*$/.exec(part);
    if (match?.[1] && match[2] !== undefined) found.set(match[1].toLowerCase(), match[2]);
  }
  return found;
}

/** The zone times are written in: outlook.timezone when it names a zone the stand-in knows (IANA), else UTC. */
export function preferredZone(c: StandInContext): { timeZone: string; applied: string | null } {
  const asked = preferences(c).get("outlook.timezone");
  if (asked && isKnownTimeZone(asked)) return { timeZone: asked, applied: `outlook.timezone="${asked}"` };
  return { timeZone: "UTC", applied: null };
}

/** odata.maxpagesize when sent (1 to 1000), else `fallback`. */
export function maxPageSize(c: StandInContext, fallback: number): { size: number; applied: string | null } {
  const asked = Number(preferences(c).get("odata.maxpagesize"));
  if (Number.isInteger(asked) && asked >= 1) {
    const size = Math.min(asked, 1000);
    return { size, applied: `odata.maxpagesize=${size}` };
  }
  return { size: fallback, applied: null };
}
