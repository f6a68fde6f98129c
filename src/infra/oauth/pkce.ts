import { createHash, randomBytes } from "node:crypto";

// RFC 7636 PKCE (S256) and the state parameter of an OAuth round trip.

export function newCodeVerifier(): string {
  return randomBytes(32).toString("base64url");
}

export function codeChallengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export function newOAuthState(): string {
  return randomBytes(24).toString("base64url");
}
