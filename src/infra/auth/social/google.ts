import { createAuthorizationURL, type OAuthProvider, validateAuthorizationCode } from "better-auth/oauth2";
import type { JWTPayload } from "jose";
import { claimIsTrue, idTokenConfig, stringClaim, verifyIdToken } from "./id-token";
import type { SocialEnv } from "./social-env";

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** Google issues both `https://accounts.google.com` and `accounts.google.com`. */
  issuers: string[];
}

/** Google's settings, or null when sign-in with Google is off (no client id or secret). */
export function googleSettings(env: SocialEnv): GoogleSettings | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    jwksUrl: env.GOOGLE_JWKS_URL,
    issuers: googleIssuers(env.GOOGLE_ISSUER),
  };
}

// Google's ID tokens carry either form of its issuer (Google, "Verify the Google ID token").
function googleIssuers(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, "");
  return bare === issuer ? [issuer] : [issuer, bare];
}

/** Code flow with PKCE and a nonce; the ID token from the token endpoint is verified before use. */
export function googleProvider(settings: GoogleSettings): OAuthProvider<JWTPayload> {
  const options = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  return {
    id: "google",
    name: "Google",
    requiresIdTokenNonce: true,
    accountSubject: ({ profile }) => String(profile.sub),
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, idTokenNonce, loginHint }) =>
      createAuthorizationURL({
        id: "google",
        options,
        authorizationEndpoint: settings.authorizationUrl,
        scopes: ["openid", "email", "profile"],
        state,
        codeVerifier,
        redirectURI,
        nonce: idTokenNonce,
        loginHint,
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      validateAuthorizationCode({ code, codeVerifier, redirectURI, options, tokenEndpoint: settings.tokenUrl }),
    idToken: idTokenConfig({ jwksUrl: settings.jwksUrl, issuer: settings.issuers, audience: settings.clientId }),
    getUserInfo: async (tokens) => {
      if (!tokens.idToken) return null;
      const claims = await verifyGoogleIdToken(settings, tokens.idToken, tokens.expectedIdTokenNonce);
      return claims ? googleUserInfo(claims) : null;
    },
    options,
  };
}

/** Verifies a Google ID token (code flow or One Tap credential) for our client id; null when invalid. */
export function verifyGoogleIdToken(settings: GoogleSettings, token: string, nonce?: string): Promise<JWTPayload | null> {
  return verifyIdToken(token, { jwksUrl: settings.jwksUrl, issuer: settings.issuers, audience: settings.clientId, nonce });
}

export function googleUserInfo(claims: JWTPayload) {
  return {
    user: {
      name: stringClaim(claims.name),
      email: stringClaim(claims.email),
      image: stringClaim(claims.picture),
      emailVerified: claimIsTrue(claims.email_verified),
    },
    data: claims,
  };
}
