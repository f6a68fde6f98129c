import type { Hono } from "hono";
import { importSPKI, jwtVerify } from "jose";
import { addAuthorizeRoutes } from "./authorize";
import type { CodeStore } from "./code-store";
import type { SigningKey } from "./signing-key";
import type { StandInClients } from "./test-clients";
import { defaultStandInUsers, standInSubject } from "./test-users";
import { readTokenRequest, redeemCode, tokenError } from "./token-exchange";

// Apple: a client secret may live at most 15777000 s, six months ("Creating a client secret").
const maxSecretLifetime = 15_777_000;

/** Checks the ES256 client secret as Apple does: key id, signature, iss = team, sub = client, aud, lifetime. */
export async function checkAppleClientSecret(secret: string, clients: StandInClients, audience: string): Promise<boolean> {
  const { teamId, clientId, keyId, publicKeyPem } = clients.apple;
  try {
    const key = await importSPKI(publicKeyPem, "ES256");
    const { payload, protectedHeader } = await jwtVerify(secret, key, {
      algorithms: ["ES256"],
      issuer: teamId,
      subject: clientId,
      audience,
      requiredClaims: ["iat", "exp"],
    });
    return protectedHeader.kid === keyId && (payload.exp ?? 0) - (payload.iat ?? 0) <= maxSecretLifetime;
  } catch {
    return false;
  }
}

/** Apple under /apple at appleid.apple.com's paths; the answer is a form_post to the app. */
export function addApple(app: Hono, base: string, clients: StandInClients, codes: CodeStore, key: SigningKey): void {
  const { clientId } = clients.apple;
  const issuer = `${base}/apple`;
  addAuthorizeRoutes(
    app,
    "/apple/auth/authorize",
    { provider: "apple", clientId, defaultUser: defaultStandInUsers.apple, responseMode: "form_post" },
    codes,
  );

  app.post("/apple/auth/token", async (c) => {
    const request = await readTokenRequest(c);
    if (request.clientId !== clientId || !(await checkAppleClientSecret(request.clientSecret ?? "", clients, issuer))) {
      return tokenError(c, "invalid_client", 400);
    }
    const result = redeemCode(codes, "apple", request);
    if ("error" in result) return tokenError(c, result.error);
    const { grant } = result;
    const idToken = await key.sign(
      {
        sub: standInSubject("apple", grant.user),
        email: grant.user.email,
        email_verified: "true",
        is_private_email: "false",
        nonce: grant.nonce,
        nonce_supported: true,
        auth_time: Math.floor(Date.now() / 1000),
      },
      { issuer, audience: clientId },
    );
    return c.json({
      access_token: codes.issueAccessToken(grant),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: `r.${grant.user.email}`,
      id_token: idToken,
    });
  });

  app.get("/apple/auth/keys", (c) => c.json({ keys: [key.publicJwk] }));
  app.get("/apple/.well-known/openid-configuration", (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/auth/authorize`,
      token_endpoint: `${issuer}/auth/token`,
      jwks_uri: `${issuer}/auth/keys`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "fragment", "form_post"],
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_post"],
    }),
  );
}
