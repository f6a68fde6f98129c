import type { Hono } from "hono";
import { addAuthorizeRoutes } from "./authorize";
import type { CodeStore } from "./code-store";
import { gsiClientScript, gsiCredentialScript } from "./gsi-client";
import type { SigningKey } from "./signing-key";
import type { StandInClients } from "./test-clients";
import { defaultStandInUsers, type StandInUser, standInSubject } from "./test-users";
import { readTokenRequest, redeemCode, tokenError } from "./token-exchange";

export interface GoogleStandIn {
  /** Signs a Google ID token for `user`, as Google does for the code flow and One Tap. */
  idToken(user: StandInUser, options?: { audience?: string; nonce?: string }): Promise<string>;
}

/** Google under /google, at Google's own paths: authorize, token, certs, discovery, GSI client. */
export function addGoogle(app: Hono, base: string, clients: StandInClients, codes: CodeStore, key: SigningKey): GoogleStandIn {
  const { clientId, clientSecret } = clients.google;
  const issuer = `${base}/google`;
  const idToken: GoogleStandIn["idToken"] = (user, options = {}) =>
    key.sign(
      {
        sub: standInSubject("google", user),
        azp: options.audience ?? clientId,
        email: user.email,
        email_verified: true,
        name: user.name,
        picture: `${issuer}/photo.png`,
        nonce: options.nonce,
      },
      { issuer, audience: options.audience ?? clientId },
    );

  addAuthorizeRoutes(
    app,
    "/google/o/oauth2/v2/auth",
    { provider: "google", clientId, defaultUser: defaultStandInUsers.google, responseMode: "query" },
    codes,
  );

  app.post("/google/token", async (c) => {
    const request = await readTokenRequest(c);
    if (request.clientId !== clientId || request.clientSecret !== clientSecret) return tokenError(c, "invalid_client", 401);
    const result = redeemCode(codes, "google", request);
    if ("error" in result) return tokenError(c, result.error);
    const { grant } = result;
    return c.json({
      access_token: codes.issueAccessToken(grant),
      token_type: "Bearer",
      expires_in: 3599,
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: await idToken(grant.user, { nonce: grant.nonce }),
    });
  });

  app.get("/google/oauth2/v3/certs", (c) => c.json({ keys: [key.publicJwk] }));
  app.get("/google/.well-known/openid-configuration", (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
    }),
  );

  app.get("/google/gsi/client", (c) => c.body(gsiClientScript(issuer), 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/google/gsi/credential.js", async (c) => {
    const query = new URL(c.req.url).searchParams;
    const audience = query.get("client_id") ?? "";
    // Google issues credentials only to registered clients; an unknown one gets no callback.
    if (audience !== clientId)
      return c.body("console.warn('stand-in GSI: unknown client_id');", 200, { "content-type": "text/javascript" });
    const user = { name: query.get("name") ?? "", email: query.get("email") ?? undefined };
    const credential = await idToken(user, { audience, nonce: query.get("nonce") || undefined });
    return c.body(gsiCredentialScript(credential, query.get("select_by") ?? "auto"), 200, {
      "content-type": "text/javascript; charset=utf-8",
    });
  });

  return { idToken };
}
