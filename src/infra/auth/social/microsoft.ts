import { createAuthorizationURL, type OAuthProvider, validateAuthorizationCode } from "better-auth/oauth2";
import type { JWTPayload } from "jose";
import { claimIsTrue, idTokenConfig, stringClaim, verifyIdToken } from "./id-token";
import type { SocialEnv } from "./social-env";

export interface MicrosoftSettings {
  clientId: string;
  clientSecret: string;
  /** `https://login.microsoftonline.com` without a trailing slash. */
  authority: string;
  tenant: string;
}

/** Microsoft's settings, or null when sign-in with Microsoft is off. */
export function microsoftSettings(env: SocialEnv): MicrosoftSettings | null {
  if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET) return null;
  return {
    clientId: env.MICROSOFT_CLIENT_ID,
    clientSecret: env.MICROSOFT_CLIENT_SECRET,
    authority: env.MICROSOFT_AUTHORITY.replace(/\/+$/, ""),
    tenant: env.MICROSOFT_TENANT_ID,
  };
}

// The personal-account tenant; every consumer token carries it as `tid` (Microsoft identity platform docs).
const consumerTenantId = "9188040d-6c67-4c5b-b112-36a304b66dad";
const multiTenant = new Set(["common", "organizations", "consumers"]);

/**
 * The multi-tenant endpoints issue tokens whose `iss` names the user's own tenant, so the issuer is
 * checked against `tid` instead of a fixed value, and the account class against the configured tenant.
 */
function tenantRules(settings: MicrosoftSettings) {
  const { authority, tenant } = settings;
  const issuer = multiTenant.has(tenant) ? undefined : `${authority}/${tenant}/v2.0`;
  const verifyClaims = (claims: JWTPayload) => {
    const tid = claims.tid;
    if (typeof tid !== "string" || claims.iss !== `${authority}/${tid}/v2.0`) return false;
    if (tenant === "organizations" && tid === consumerTenantId) return false;
    if (tenant === "consumers" && tid !== consumerTenantId) return false;
    return true;
  };
  return { jwksUrl: `${authority}/${tenant}/discovery/v2.0/keys`, issuer, audience: settings.clientId, verifyClaims };
}

/** Code flow with PKCE and a nonce against `${authority}/${tenant}/oauth2/v2.0/*`; the account key is `oid`. */
export function microsoftProvider(settings: MicrosoftSettings): OAuthProvider<JWTPayload> {
  const options = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  const base = `${settings.authority}/${settings.tenant}/oauth2/v2.0`;
  const rules = tenantRules(settings);
  return {
    id: "microsoft",
    name: "Microsoft",
    requiresIdTokenNonce: true,
    accountSubject: ({ profile }) => String(profile.oid),
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, idTokenNonce, loginHint }) =>
      createAuthorizationURL({
        id: "microsoft",
        options,
        authorizationEndpoint: `${base}/authorize`,
        scopes: ["openid", "profile", "email"],
        state,
        codeVerifier,
        redirectURI,
        nonce: idTokenNonce,
        loginHint,
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      validateAuthorizationCode({ code, codeVerifier, redirectURI, options, tokenEndpoint: `${base}/token` }),
    idToken: idTokenConfig(rules),
    getUserInfo: async (tokens) => {
      if (!tokens.idToken) return null;
      const claims = await verifyIdToken(tokens.idToken, { ...rules, nonce: tokens.expectedIdTokenNonce });
      // `oid` is the stable per-tenant user id; without it there is no account to key on.
      if (!claims || !stringClaim(claims.oid)) return null;
      return {
        user: {
          name: stringClaim(claims.name),
          // Not preferred_username: it is mutable and need not be an address (Microsoft's claims reference).
          email: stringClaim(claims.email),
          // Tenant admins can set `email` to anything; unverified unless the token says so (nOAuth).
          emailVerified: claimIsTrue(claims.email_verified),
        },
        data: claims,
      };
    },
    options,
  };
}
