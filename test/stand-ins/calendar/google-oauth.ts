import { Hono } from "hono";
import type { SigningKey } from "../oauth/signing-key";
import type { Grant } from "./grants";
import { bearerToken, readForm, type StandInContext, type StandInEnv } from "./http";
import { googleSubject, personFor } from "./identity";
import { authorize, exchangeToken, type TokenProblem } from "./oauth-flow";
import type { CalendarStore } from "./store";

// Google's OAuth 2.0 under /google, at Google's paths: /o/oauth2/v2/auth (accounts.google.com),
// /token and /revoke (oauth2.googleapis.com), /oauth2/v3/userinfo and /oauth2/v3/certs.

// Google answers with full scope URLs for the OpenID shorthands.
const scopeNames: Record<string, string> = {
  email: "https://www.googleapis.com/auth/userinfo.email",
  profile: "https://www.googleapis.com/auth/userinfo.profile",
};
export const grantedGoogleScope = (scope: string) =>
  scope
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => scopeNames[name] ?? name)
    .join(" ");

const errorBodies: Record<TokenProblem, { status: 400 | 401; error: string; description: string }> = {
  invalid_client: { status: 401, error: "invalid_client", description: "The OAuth client was not found." },
  unsupported_grant_type: { status: 400, error: "unsupported_grant_type", description: "Invalid grant_type" },
  invalid_request: { status: 400, error: "invalid_request", description: "Missing required parameter." },
  bad_code: { status: 400, error: "invalid_grant", description: "Malformed auth code." },
  bad_client: { status: 400, error: "unauthorized_client", description: "Unauthorized" },
  bad_redirect: { status: 400, error: "redirect_uri_mismatch", description: "Bad Request" },
  bad_verifier: { status: 400, error: "invalid_grant", description: "Invalid code verifier." },
  unknown_refresh: { status: 400, error: "invalid_grant", description: "Bad Request" },
  revoked: { status: 400, error: "invalid_grant", description: "Token has been expired or revoked." },
  stale_refresh: { status: 400, error: "invalid_grant", description: "Token has been expired or revoked." },
};

export function googleOAuthRoutes(store: CalendarStore, key: SigningKey): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();
  const issuer = () => `${store.baseUrl}/google`;

  const idToken = (grant: Grant) => {
    const person = personFor(grant.email);
    return key.sign(
      {
        sub: googleSubject(grant.email),
        azp: grant.clientId,
        email: grant.email,
        email_verified: true,
        name: person.name,
        given_name: person.givenName,
        family_name: person.familyName,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      },
      { issuer: issuer(), audience: grant.clientId },
    );
  };

  app.get("/o/oauth2/v2/auth", (c) =>
    authorize(c, store, {
      provider: "google",
      // A refresh token only with access_type=offline (and, at Google, only on a consent screen: prompt=consent).
      offline: (query) => query.get("access_type") === "offline",
      redirectExtras: (query) => ({ scope: grantedGoogleScope(query.get("scope") ?? ""), authuser: "0", prompt: "consent" }),
    }),
  );

  app.post("/token", (c) =>
    exchangeToken(c, store, {
      provider: "google",
      rotate: false,
      answer: async (grant, accessToken, refreshToken) => ({
        access_token: accessToken,
        expires_in: 3599,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: grantedGoogleScope(grant.scope),
        token_type: "Bearer",
        ...(grant.scope.split(/\s+/).includes("openid") ? { id_token: await idToken(grant) } : {}),
      }),
      error: (c, problem) => {
        const body = errorBodies[problem];
        return c.json({ error: body.error, error_description: body.description }, body.status);
      },
    }),
  );

  // The token may come in the form body or the query string; either the access or the refresh token.
  const revoke = async (c: StandInContext) => {
    const value = (await readForm(c)).get("token") ?? c.req.query("token");
    if (!value || !store.grants.revokeToken("google", value))
      return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
    return c.body(null, 200);
  };
  app.post("/revoke", revoke);
  app.get("/revoke", revoke);

  app.get("/oauth2/v3/userinfo", (c) => {
    const grant = store.grants.findAccess("google", bearerToken(c));
    if (grant === null || grant === "expired")
      return c.json({ error: "invalid_request", error_description: "Invalid Credentials" }, 401, {
        "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    c.set("email", grant.email);
    const person = personFor(grant.email);
    return c.json({
      sub: googleSubject(grant.email),
      name: person.name,
      given_name: person.givenName,
      family_name: person.familyName,
      picture: `${issuer()}/photo.png`,
      email: grant.email,
      email_verified: true,
    });
  });

  app.get("/oauth2/v3/certs", (c) => c.json({ keys: [key.publicJwk] }));
  app.get("/.well-known/openid-configuration", (c) =>
    c.json({
      issuer: issuer(),
      authorization_endpoint: `${issuer()}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer()}/token`,
      userinfo_endpoint: `${issuer()}/oauth2/v3/userinfo`,
      revocation_endpoint: `${issuer()}/revoke`,
      jwks_uri: `${issuer()}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["plain", "S256"],
    }),
  );
  return app;
}
