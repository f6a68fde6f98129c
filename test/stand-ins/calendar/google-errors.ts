import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Grant } from "./grants";
import { bearerToken, type StandInContext } from "./http";
import type { CalendarStore, Fault } from "./store";

// Google APIs' error envelope: {error:{code, message, errors:[{domain, reason, message, …}], status}}.

const statusNames: Partial<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function googleError(
  c: StandInContext,
  code: ContentfulStatusCode,
  reason: string,
  message: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Response {
  const status = statusNames[code];
  return c.json(
    { error: { code, message, errors: [{ message, domain: extra.domain ?? "global", reason, ...extra }], ...(status ? { status } : {}) } },
    code,
    headers,
  );
}

const faultBodies = {
  429: { reason: "rateLimitExceeded", message: "Rate Limit Exceeded", domain: "usageLimits" },
  500: { reason: "backendError", message: "Backend Error", domain: "global" },
  503: { reason: "backendError", message: "The service is currently unavailable.", domain: "global" },
} as const;

export function googleFault(c: StandInContext, fault: Fault): Response {
  const body = faultBodies[fault.status];
  return googleError(c, fault.status, body.reason, body.message, { domain: body.domain });
}

const invalidCredentials =
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

/** The grant behind the bearer token, or Google's 401 (missing, unknown, expired or revoked token). */
export function googleGrant(c: StandInContext, store: CalendarStore): Grant | Response {
  const token = bearerToken(c);
  const headers = { "www-authenticate": 'Bearer realm="https://accounts.google.com/"' };
  if (!token)
    return googleError(
      c,
      401,
      "required",
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      { message: "Login Required.", location: "Authorization", locationType: "header" },
      headers,
    );
  const grant = store.grants.findAccess("google", token);
  if (grant === null || grant === "expired")
    return googleError(
      c,
      401,
      "authError",
      invalidCredentials,
      { message: "Invalid Credentials", location: "Authorization", locationType: "header" },
      headers,
    );
  c.set("email", grant.email);
  return grant;
}

/** `primary` or the account's own e-mail; another calendar is not found (the stand-in has one per account). */
export function calendarFor(c: StandInContext, grant: Grant): Response | null {
  const calendarId = c.req.param("calendarId") ?? "";
  if (calendarId === "primary" || calendarId.toLowerCase() === grant.email.toLowerCase()) return null;
  return googleError(c, 404, "notFound", "Not Found");
}
