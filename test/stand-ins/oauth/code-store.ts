import { createHash, randomBytes } from "node:crypto";
import type { StandInProviderId, StandInUser } from "./test-users";

export interface AuthorizationGrant {
  provider: StandInProviderId;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  nonce: string | undefined;
  user: StandInUser;
  expiresAt: number;
}

// Real providers keep codes for minutes (Google 10, Apple 5); one minute is plenty for a test.
const codeLifetimeMs = 60_000;

/** Authorization codes (single use) and the access tokens they were exchanged for. */
export class CodeStore {
  readonly #codes = new Map<string, AuthorizationGrant>();
  readonly #accessTokens = new Map<string, AuthorizationGrant>();

  issue(grant: Omit<AuthorizationGrant, "expiresAt">): string {
    const code = randomBytes(24).toString("base64url");
    this.#codes.set(code, { ...grant, expiresAt: Date.now() + codeLifetimeMs });
    return code;
  }

  /** Takes the code out whatever happens next: a second use fails, as at every real provider. */
  redeem(code: string): AuthorizationGrant | null {
    const grant = this.#codes.get(code);
    this.#codes.delete(code);
    return grant && grant.expiresAt > Date.now() ? grant : null;
  }

  issueAccessToken(grant: AuthorizationGrant): string {
    const token = randomBytes(24).toString("base64url");
    this.#accessTokens.set(token, grant);
    return token;
  }

  findAccessToken(token: string): AuthorizationGrant | null {
    return this.#accessTokens.get(token) ?? null;
  }
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
