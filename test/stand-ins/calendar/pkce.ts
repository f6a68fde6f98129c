import { createHash } from "node:crypto";

// RFC 7636 with S256 only: every provider here accepts "plain", but the product must never send it.

/** BASE64URL(SHA256(verifier)). */
export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** 43 to 128 unreserved characters (RFC 7636 4.1); providers refuse anything else before comparing. */
const verifierShape = /^[A-Za-z0-9\-._~]{43,128}$/;

export function verifierMatches(verifier: string | null, challenge: string | null): boolean {
  if (challenge === null) return verifier === null;
  return verifier !== null && verifierShape.test(verifier) && pkceChallenge(verifier) === challenge;
}

/** A challenge as S256 makes it: 43 base64url characters. */
export const isS256Challenge = (challenge: string) => /^[A-Za-z0-9_-]{43}$/.test(challenge);
