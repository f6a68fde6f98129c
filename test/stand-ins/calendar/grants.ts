import { randomBytes, randomUUID } from "node:crypto";
import type { Provider } from "./identity";
import { verifierMatches } from "./pkce";

// OAuth state for the three providers: single-use codes, grants (one per consent), access tokens and
// refresh tokens. Google keeps one refresh token per grant; Microsoft and Zoom rotate it on every use.

export interface AuthCode {
  provider: Provider;
  email: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  scope: string;
  nonce: string | null;
  /** Whether a refresh token comes with the code (Google: access_type=offline; Microsoft: offline_access). */
  offline: boolean;
  expiresMs: number;
}

export interface Grant {
  id: string;
  provider: Provider;
  email: string;
  clientId: string;
  clientSecret: string | null;
  scope: string;
  nonce: string | null;
  createdMs: number;
  revoked: boolean;
  refreshes: number;
  /** The refresh token that works now (null without offline access). */
  refreshToken: string | null;
}

export type CodeProblem = "bad_code" | "bad_client" | "bad_redirect" | "bad_verifier";
export type RefreshProblem = "unknown_refresh" | "revoked" | "stale_refresh" | "bad_client";

// Google keeps codes 10 minutes; access tokens live an hour at all three (expires_in 3599).
const codeLifetimeMs = 10 * 60_000;
export const accessLifetimeSeconds = 3599;

const token = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

export class GrantStore {
  readonly #codes = new Map<string, AuthCode>();
  readonly grants = new Map<string, Grant>();
  readonly #access = new Map<string, { grantId: string; expiresMs: number }>();
  readonly #refresh = new Map<string, { grantId: string; retired: boolean }>();

  issueCode(code: Omit<AuthCode, "expiresMs">): string {
    const value = token(code.provider === "google" ? "4/0A" : code.provider === "microsoft" ? "M.C5_" : "");
    this.#codes.set(value, { ...code, expiresMs: Date.now() + codeLifetimeMs });
    return value;
  }

  /** The code is gone after this call whatever the outcome: a second use fails, as at every provider. */
  redeemCode(
    provider: Provider,
    request: { code: string; clientId: string | null; clientSecret: string | null; redirectUri: string | null; verifier: string | null },
  ): Grant | CodeProblem {
    const code = this.#codes.get(request.code);
    this.#codes.delete(request.code);
    if (!code || code.provider !== provider || code.expiresMs < Date.now()) return "bad_code";
    if (code.clientId !== request.clientId) return "bad_client";
    if (code.redirectUri !== request.redirectUri) return "bad_redirect";
    if (!verifierMatches(request.verifier, code.codeChallenge)) return "bad_verifier";
    const grant: Grant = {
      id: randomUUID(),
      provider,
      email: code.email,
      clientId: code.clientId,
      clientSecret: request.clientSecret,
      scope: code.scope,
      nonce: code.nonce,
      createdMs: Date.now(),
      revoked: false,
      refreshes: 0,
      refreshToken: null,
    };
    this.grants.set(grant.id, grant);
    if (code.offline) grant.refreshToken = this.#newRefreshToken(grant);
    return grant;
  }

  #newRefreshToken(grant: Grant): string {
    const value = token(grant.provider === "google" ? "1//0g" : grant.provider === "microsoft" ? "M.C5_BAY." : "");
    this.#refresh.set(value, { grantId: grant.id, retired: false });
    return value;
  }

  issueAccessToken(grant: Grant): string {
    const value = token(grant.provider === "google" ? "ya29.a0" : grant.provider === "microsoft" ? "EwB4A8l6" : "eyJzdiI6");
    this.#access.set(value, { grantId: grant.id, expiresMs: Date.now() + accessLifetimeSeconds * 1000 });
    return value;
  }

  /** A refresh: Google answers with the same grant and no new token; the others retire the used one. */
  refresh(provider: Provider, refreshToken: string, clientId: string | null, rotate: boolean): Grant | RefreshProblem {
    const entry = this.#refresh.get(refreshToken);
    const grant = entry ? this.grants.get(entry.grantId) : undefined;
    if (!entry || !grant || grant.provider !== provider) return "unknown_refresh";
    if (grant.revoked) return "revoked";
    if (entry.retired) return "stale_refresh";
    if (clientId !== grant.clientId) return "bad_client";
    grant.refreshes += 1;
    if (rotate) {
      entry.retired = true;
      grant.refreshToken = this.#newRefreshToken(grant);
    }
    return grant;
  }

  /** The grant behind a bearer token, "expired" when its hour is up, null when unknown or revoked. */
  findAccess(provider: Provider, accessToken: string | null): Grant | "expired" | null {
    const entry = accessToken ? this.#access.get(accessToken) : undefined;
    const grant = entry ? this.grants.get(entry.grantId) : undefined;
    if (!entry || !grant || grant.provider !== provider || grant.revoked) return null;
    return entry.expiresMs <= Date.now() ? "expired" : grant;
  }

  /** Revokes the grant an access or refresh token belongs to; false when the token is unknown. */
  revokeToken(provider: Provider, value: string): boolean {
    const grantId = this.#access.get(value)?.grantId ?? this.#refresh.get(value)?.grantId;
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (!grant || grant.provider !== provider) return false;
    grant.revoked = true;
    return true;
  }

  /** Every grant this person gave at `provider`; returns how many were live. */
  revokeEmail(provider: Provider, email: string): number {
    let count = 0;
    for (const grant of this.grants.values())
      if (grant.provider === provider && sameEmail(grant.email, email) && !grant.revoked) {
        grant.revoked = true;
        count += 1;
      }
    return count;
  }

  /** Ages this person's access tokens past their hour, so the next API call is a 401 and the app refreshes. */
  expireAccess(provider: Provider, email: string): number {
    let count = 0;
    for (const entry of this.#access.values()) {
      const grant = this.grants.get(entry.grantId);
      if (grant?.provider === provider && sameEmail(grant.email, email) && entry.expiresMs > Date.now()) {
        entry.expiresMs = Date.now() - 1;
        count += 1;
      }
    }
    return count;
  }

  clear(): void {
    this.#codes.clear();
    this.grants.clear();
    this.#access.clear();
    this.#refresh.clear();
  }
}

export const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
