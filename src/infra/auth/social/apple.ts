import { createAuthorizationURL, type OAuthProvider, validateAuthorizationCode } from "better-auth/oauth2";
import type { JWTPayload } from "jose";
import { type AppleKeySettings, appleClientSecretSource } from "./apple-client-secret";
import { claimIsTrue, idTokenConfig, stringClaim, verifyIdToken } from "./id-token";
import type { SocialEnv } from "./social-env";

export interface AppleSettings extends AppleKeySettings {
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
}

/** Apple's settings, or null when Sign in with Apple is off (client id, team id, key id and key needed). */
export function appleSettings(env: SocialEnv): AppleSettings | null {
  if (!env.APPLE_CLIENT_ID || !env.APPLE_TEAM_ID || !env.APPLE_KEY_ID || !env.APPLE_PRIVATE_KEY) return null;
  return {
    clientId: env.APPLE_CLIENT_ID,
    teamId: env.APPLE_TEAM_ID,
    keyId: env.APPLE_KEY_ID,
    privateKey: env.APPLE_PRIVATE_KEY,
    audience: env.APPLE_ISSUER,
    authorizationUrl: env.APPLE_AUTHORIZATION_URL,
    tokenUrl: env.APPLE_TOKEN_URL,
    jwksUrl: env.APPLE_JWKS_URL,
    issuer: env.APPLE_ISSUER,
  };
}

/**
 * Apple posts the answer back (response_mode=form_post, required when asking for name and e-mail);
 * better-auth's callback turns that cross-site POST into a same-origin GET redirect, so its SameSite=Lax
 * state cookie travels (a top-level GET navigation). The name comes only in the `user` field of the
 * first authorization; the ID token from the token endpoint gives sub and e-mail.
 */
export function appleProvider(settings: AppleSettings): OAuthProvider<JWTPayload> {
  const clientSecret = appleClientSecretSource(settings);
  const rules = { jwksUrl: settings.jwksUrl, issuer: settings.issuer, audience: settings.clientId };
  return {
    id: "apple",
    name: "Apple",
    requiresIdTokenNonce: true,
    accountSubject: ({ profile }) => String(profile.sub),
    createAuthorizationURL: ({ state, redirectURI, idTokenNonce }) =>
      createAuthorizationURL({
        id: "apple",
        options: { clientId: settings.clientId },
        authorizationEndpoint: settings.authorizationUrl,
        scopes: ["name", "email"],
        state,
        redirectURI,
        nonce: idTokenNonce,
        responseType: "code",
        responseMode: "form_post",
      }),
    validateAuthorizationCode: async ({ code, redirectURI }) =>
      validateAuthorizationCode({
        code,
        redirectURI,
        options: { clientId: settings.clientId, clientSecret: await clientSecret() },
        tokenEndpoint: settings.tokenUrl,
      }),
    idToken: { ...idTokenConfig(rules), nonceComparison: "exact-or-sha256" },
    getUserInfo: async (tokens) => {
      if (!tokens.idToken) return null;
      const claims = await verifyIdToken(tokens.idToken, { ...rules, nonce: tokens.expectedIdTokenNonce });
      if (!claims) return null;
      const given = tokens.user?.name;
      const name = [given?.firstName, given?.lastName].filter(Boolean).join(" ") || stringClaim(claims.name);
      return {
        user: { name, email: stringClaim(claims.email), emailVerified: claimIsTrue(claims.email_verified) },
        data: { ...claims, name },
      };
    },
    options: { clientId: settings.clientId },
  };
}
