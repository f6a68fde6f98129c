import { createHash } from "node:crypto";
import type { Hono } from "hono";
import { addAuthorizeRoutes } from "./authorize";
import type { CodeStore } from "./code-store";
import type { SigningKey } from "./signing-key";
import type { StandInClients } from "./test-clients";
import { defaultStandInUsers, type StandInUser, standInMicrosoftTenantId, standInSubject } from "./test-users";
import { readTokenRequest, redeemCode, tokenError } from "./token-exchange";

// `oid` is a GUID per person and tenant.
function objectId(user: StandInUser): string {
  const hex = createHash("sha256")
    .update(`microsoft-oid:${user.email ?? user.name}`)
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Microsoft identity platform v2 under /microsoft/<tenant>: authorize, token, keys, discovery. */
export function addMicrosoft(app: Hono, base: string, clients: StandInClients, codes: CodeStore, key: SigningKey): void {
  const { clientId, clientSecret, tenant } = clients.microsoft;
  const authority = `${base}/microsoft`;
  // Multi-tenant endpoints issue tokens naming the person's own tenant.
  const issuer = `${authority}/${standInMicrosoftTenantId}/v2.0`;
  addAuthorizeRoutes(
    app,
    `/microsoft/${tenant}/oauth2/v2.0/authorize`,
    { provider: "microsoft", clientId, defaultUser: defaultStandInUsers.microsoft, responseMode: "query" },
    codes,
  );

  app.post(`/microsoft/${tenant}/oauth2/v2.0/token`, async (c) => {
    const request = await readTokenRequest(c);
    if (request.clientId !== clientId || request.clientSecret !== clientSecret) return tokenError(c, "invalid_client", 401);
    const result = redeemCode(codes, "microsoft", request);
    if ("error" in result) return tokenError(c, result.error);
    const { grant } = result;
    const idToken = await key.sign(
      {
        ver: "2.0",
        sub: standInSubject("microsoft", grant.user),
        oid: objectId(grant.user),
        tid: standInMicrosoftTenantId,
        name: grant.user.name,
        email: grant.user.email,
        preferred_username: grant.user.email,
        nonce: grant.nonce,
      },
      { issuer, audience: clientId },
    );
    return c.json({
      token_type: "Bearer",
      scope: "openid profile email",
      expires_in: 3600,
      access_token: codes.issueAccessToken(grant),
      id_token: idToken,
    });
  });

  app.get(`/microsoft/${tenant}/discovery/v2.0/keys`, (c) => c.json({ keys: [key.publicJwk] }));
  app.get(`/microsoft/${tenant}/v2.0/.well-known/openid-configuration`, (c) =>
    c.json({
      issuer: `${authority}/{tenantid}/v2.0`,
      authorization_endpoint: `${authority}/${tenant}/oauth2/v2.0/authorize`,
      token_endpoint: `${authority}/${tenant}/oauth2/v2.0/token`,
      jwks_uri: `${authority}/${tenant}/discovery/v2.0/keys`,
      response_types_supported: ["code", "id_token", "code id_token"],
      response_modes_supported: ["query", "fragment", "form_post"],
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
    }),
  );
}
