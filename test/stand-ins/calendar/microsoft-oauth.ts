import { createHash, randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { SigningKey } from "../oauth/signing-key";
import type { StandInEnv } from "./http";
import { graphUserId, personFor, tenantId } from "./identity";
import { authorize, exchangeToken, type TokenProblem } from "./oauth-flow";
import type { CalendarStore } from "./store";

// The Microsoft identity platform v2 under /microsoft/{tenant} (login.microsoftonline.com): authorize and
// token for any tenant segment (common, organizations, consumers or an id). Refresh tokens rotate: each
// refresh answers a new one and the used one stops working. Microsoft has no per-app revocation endpoint.

const errorBodies: Record<TokenProblem, { status: 400 | 401; error: string; code: number; description: string }> = {
  invalid_client: {
    status: 400,
    error: "invalid_request",
    code: 900144,
    description: "The request body must contain the following parameter: 'client_id'.",
  },
  unsupported_grant_type: {
    status: 400,
    error: "unsupported_grant_type",
    code: 70003,
    description: "The app requested an unsupported grant type.",
  },
  invalid_request: {
    status: 400,
    error: "invalid_request",
    code: 900144,
    description: "The request body must contain a required parameter.",
  },
  bad_code: { status: 400, error: "invalid_grant", code: 70000, description: "The provided value for the 'code' parameter is not valid." },
  bad_client: { status: 400, error: "invalid_grant", code: 70000, description: "The code was issued to another client." },
  bad_redirect: {
    status: 400,
    error: "invalid_grant",
    code: 70000,
    description: "The redirect URI does not match the one the code was issued for.",
  },
  bad_verifier: {
    status: 400,
    error: "invalid_grant",
    code: 501481,
    description: "The Code_Verifier does not match the code_challenge supplied in the authorization request.",
  },
  unknown_refresh: { status: 400, error: "invalid_grant", code: 70008, description: "" },
  revoked: { status: 400, error: "invalid_grant", code: 70008, description: "" },
  stale_refresh: { status: 400, error: "invalid_grant", code: 70008, description: "" },
};
const expiredRefresh =
  "The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.";

/** Microsoft answers with the resource scopes asked for; offline_access only decides the refresh token. */
const grantedScope = (scope: string) =>
  scope
    .split(/\s+/)
    .filter((name) => name && name !== "offline_access")
    .join(" ");

export function microsoftOAuthRoutes(store: CalendarStore, key: SigningKey): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();
  const issuer = () => `${store.baseUrl}/microsoft/${tenantId}/v2.0`;

  app.get("/:tenant/oauth2/v2.0/authorize", (c) =>
    authorize(c, store, {
      provider: "microsoft",
      offline: (query) => (query.get("scope") ?? "").split(/\s+/).includes("offline_access"),
      deniedExtras: { error_description: "AADSTS65004: User declined to consent to access the app." },
    }),
  );

  app.post("/:tenant/oauth2/v2.0/token", (c) =>
    exchangeToken(c, store, {
      provider: "microsoft",
      rotate: true,
      answer: async (grant, accessToken, refreshToken) => {
        const person = personFor(grant.email);
        const scopes = grant.scope.split(/\s+/);
        const idToken = scopes.includes("openid")
          ? await key.sign(
              {
                ver: "2.0",
                sub: createHash("sha256").update(`${grant.clientId}:${grant.email}`).digest("base64url").slice(0, 43),
                oid: graphUserId(grant.email),
                tid: tenantId,
                name: person.name,
                preferred_username: grant.email,
                ...(scopes.includes("email") ? { email: grant.email } : {}),
                ...(grant.nonce ? { nonce: grant.nonce } : {}),
              },
              { issuer: issuer(), audience: grant.clientId },
            )
          : null;
        return {
          token_type: "Bearer",
          scope: grantedScope(grant.scope),
          expires_in: 3599,
          ext_expires_in: 3599,
          access_token: accessToken,
          ...(refreshToken ? { refresh_token: refreshToken } : {}),
          ...(idToken ? { id_token: idToken } : {}),
        };
      },
      error: (c, problem) => {
        const body = errorBodies[problem];
        const traceId = randomUUID();
        const correlationId = randomUUID();
        const timestamp = new Date().toISOString().replace("T", " ").slice(0, 19);
        const text = `AADSTS${body.code}: ${body.description || expiredRefresh}`;
        return c.json(
          {
            error: body.error,
            error_description: `${text} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}Z`,
            error_codes: [body.code],
            timestamp: `${timestamp}Z`,
            trace_id: traceId,
            correlation_id: correlationId,
            error_uri: `${store.baseUrl}/microsoft/error?code=${body.code}`,
          },
          body.status,
        );
      },
    }),
  );

  app.get("/:tenant/discovery/v2.0/keys", (c) => c.json({ keys: [key.publicJwk] }));
  app.get("/:tenant/v2.0/.well-known/openid-configuration", (c) => {
    const authority = `${store.baseUrl}/microsoft/${c.req.param("tenant")}`;
    return c.json({
      issuer: `${store.baseUrl}/microsoft/{tenantid}/v2.0`,
      authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
      token_endpoint: `${authority}/oauth2/v2.0/token`,
      jwks_uri: `${authority}/discovery/v2.0/keys`,
      userinfo_endpoint: `${store.baseUrl}/graph/oidc/userinfo`,
      response_types_supported: ["code", "id_token", "code id_token"],
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["plain", "S256"],
    });
  });
  return app;
}
