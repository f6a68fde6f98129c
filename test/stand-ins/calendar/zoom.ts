import { createHmac, randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { Grant } from "./grants";
import { basicCredentials, bearerToken, type StandInContext, type StandInEnv } from "./http";
import { personFor, zoomAccountId, zoomUserId } from "./identity";
import { authorize, exchangeToken, type TokenProblem } from "./oauth-flow";
import type { CalendarStore, Fault, ZakRecord } from "./store";

// Zoom under /zoom (research 8): OAuth at zoom.us/oauth/* with client_secret_basic, rotating refresh
// tokens and revoke; the API at api.zoom.us/v2 for the user and their ZAK, which a meeting stand-in can
// check through GET /__test/zoom/zak/{zak}.

const errorBodies: Record<TokenProblem, { status: 400 | 401; reason: string; error: string }> = {
  invalid_client: { status: 401, reason: "Invalid client_id or client_secret", error: "invalid_client" },
  unsupported_grant_type: { status: 400, reason: "Unsupported grant type", error: "unsupported_grant_type" },
  invalid_request: { status: 400, reason: "Invalid request", error: "invalid_request" },
  bad_code: { status: 400, reason: "Invalid authorization code", error: "invalid_grant" },
  bad_client: { status: 400, reason: "Invalid authorization code", error: "invalid_grant" },
  bad_redirect: { status: 400, reason: "Redirect URI mismatch.", error: "invalid_request" },
  bad_verifier: { status: 400, reason: "Invalid code verifier", error: "invalid_grant" },
  unknown_refresh: { status: 400, reason: "Invalid Token!", error: "invalid_grant" },
  revoked: { status: 400, reason: "Invalid Token!", error: "invalid_grant" },
  stale_refresh: { status: 400, reason: "Invalid Token!", error: "invalid_grant" },
};

// A regular user's ZAK lives two hours.
const zakLifetimeMs = 2 * 3600_000;
const zakSecret = randomBytes(32);

export function zoomFault(c: StandInContext, fault: Fault): Response {
  const message =
    fault.status === 429 ? "You have reached the maximum per-second rate limit for this API. Try again later." : "Internal server error.";
  return c.json({ code: fault.status, message }, fault.status);
}

/** The grant behind the bearer token, or Zoom's 401 (code 124). */
function zoomGrant(c: StandInContext, store: CalendarStore): Grant | Response {
  const grant = store.grants.findAccess("zoom", bearerToken(c));
  if (grant === "expired") return c.json({ code: 124, message: "Access token is expired." }, 401);
  if (grant === null) return c.json({ code: 124, message: "Invalid access token." }, 401);
  c.set("email", grant.email);
  return grant;
}

/** A ZAK shaped like Zoom's (a JWT), signed with the stand-in's own secret. */
function makeZak(email: string, type: ZakRecord["type"], expiresMs: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = part({ typ: "JWT", alg: "HS256", zm_skm: "zm_o2m" });
  const payload = part({
    aud: "clientsm",
    uid: zoomUserId(email),
    iss: "web",
    sk: "0",
    sty: type === "zak" ? 100 : 1,
    wcd: "us05",
    clt: 0,
    exp: Math.floor(expiresMs / 1000),
    iat: Math.floor(Date.now() / 1000),
    aid: zoomAccountId(email),
    cid: randomBytes(8).toString("base64url"),
  });
  const signature = createHmac("sha256", zakSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

export function zoomRoutes(store: CalendarStore): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();

  // Zoom gives a refresh token with every code; it has no login_hint, so next-login picks the person.
  app.get("/oauth/authorize", (c) => authorize(c, store, { provider: "zoom", offline: () => true }));

  app.post("/oauth/token", (c) =>
    exchangeToken(c, store, {
      provider: "zoom",
      rotate: true,
      answer: (grant, accessToken, refreshToken) => ({
        access_token: accessToken,
        token_type: "bearer",
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        expires_in: 3599,
        scope: grant.scope || "user:read:user user:read:zak",
        api_url: `${store.baseUrl}/zoom`,
      }),
      error: (c, problem) => {
        const body = errorBodies[problem];
        return c.json({ reason: body.reason, error: body.error }, body.status);
      },
    }),
  );

  app.post("/oauth/revoke", async (c) => {
    if (!basicCredentials(c)) return c.json({ reason: "Invalid client_id or client_secret", error: "invalid_client" }, 401);
    const value = c.req.query("token") ?? new URLSearchParams(await c.req.text().catch(() => "")).get("token");
    if (!value || !store.grants.revokeToken("zoom", value)) return c.json({ reason: "Invalid Token!", error: "invalid_request" }, 400);
    return c.json({ status: "success" });
  });

  const me = (c: StandInContext) => {
    const grant = zoomGrant(c, store);
    if (grant instanceof Response) return grant;
    const userId = c.req.param("userId") ?? "me";
    if (userId !== "me" && userId !== zoomUserId(grant.email) && userId.toLowerCase() !== grant.email.toLowerCase())
      return c.json({ code: 1001, message: `User does not exist: ${userId}` }, 404);
    const person = personFor(grant.email);
    return c.json({
      id: zoomUserId(grant.email),
      first_name: person.givenName,
      last_name: person.familyName,
      display_name: person.name,
      email: grant.email,
      type: 1,
      role_name: "Owner",
      pmi: 9_876_543_210,
      use_pmi: false,
      timezone: "UTC",
      verified: 1,
      dept: "",
      language: "en-US",
      status: "active",
      role_id: "0",
      account_id: zoomAccountId(grant.email),
      cluster: "us05",
    });
  };
  app.get("/v2/users/:userId", me);

  app.get("/v2/users/me/token", (c) => {
    const grant = zoomGrant(c, store);
    if (grant instanceof Response) return grant;
    const type = c.req.query("type") ?? "token";
    if (type !== "zak" && type !== "token" && type !== "onbehalf") return c.json({ code: 300, message: "Invalid type." }, 400);
    const expiresMs = Date.now() + zakLifetimeMs;
    const zak = makeZak(grant.email, type, expiresMs);
    store.zaks.set(zak, { email: grant.email, grantId: grant.id, type, expiresMs });
    return c.json({ token: zak });
  });
  return app;
}

/** What the control API says about a ZAK: whose it is and whether Zoom would still take it. */
export function describeZak(store: CalendarStore, zak: string) {
  const record = store.zaks.get(zak);
  if (!record) return null;
  const grant = store.grants.grants.get(record.grantId);
  return {
    email: record.email,
    userId: zoomUserId(record.email),
    type: record.type,
    expiresAt: new Date(record.expiresMs).toISOString(),
    valid: record.expiresMs > Date.now() && grant !== undefined && !grant.revoked,
  };
}
