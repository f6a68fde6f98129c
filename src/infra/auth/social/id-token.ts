import type { OAuthIdTokenConfig } from "better-auth/oauth2";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";

// One key-set cache per JWKS address: jose refetches on an unknown `kid` and at most every 30 s
// otherwise, so key rotation at the provider is picked up without a restart.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function remoteKeySet(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl));
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

export interface IdTokenRules {
  jwksUrl: string;
  /** Expected `iss`; undefined only where the issuer varies per tenant (then `verifyClaims` binds it). */
  issuer: string | string[] | undefined;
  /** Expected `aud`: our client id. */
  audience: string;
  /** The nonce sent with the authorization request, when one was. */
  nonce?: string | undefined;
  /** Extra rule after signature, issuer, audience, age and nonce passed. */
  verifyClaims?: ((claims: JWTPayload) => boolean) | undefined;
}

// OpenID Connect Core 3.1.3.7: iss, sub, aud, exp and iat are required; 30 s clock skew as openid-client.
const requiredClaims = ["iss", "sub", "aud", "exp", "iat"];
const clockTolerance = 30;
// Providers sign ID tokens with RS256 (Google, Microsoft, Apple); a token is only fresh for an hour.
const algorithms = ["RS256"];
const maxTokenAge = "1h";

/** Verifies an ID token's signature and claims; null when it is not a valid token for us. */
export async function verifyIdToken(token: string, rules: IdTokenRules): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, remoteKeySet(rules.jwksUrl), {
      issuer: rules.issuer,
      audience: rules.audience,
      algorithms,
      maxTokenAge,
      requiredClaims,
      clockTolerance,
    });
    if (rules.nonce !== undefined && payload.nonce !== rules.nonce) return null;
    if (rules.verifyClaims && !rules.verifyClaims(payload)) return null;
    return payload;
  } catch {
    return null;
  }
}

/** The same rules in better-auth's form, for ID tokens a client submits to `/sign-in/social`. */
export function idTokenConfig(rules: Omit<IdTokenRules, "nonce">): OAuthIdTokenConfig {
  return {
    jwks: remoteKeySet(rules.jwksUrl),
    issuer: rules.issuer,
    audience: rules.audience,
    algorithms,
    maxTokenAge,
    verifyClaims: rules.verifyClaims,
  };
}

/** Reads a claim that providers send as a boolean or as the string "true"/"false" (Apple). */
export function claimIsTrue(value: unknown): boolean {
  return value === true || value === "true";
}

/** Reads an optional string claim. */
export function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
