import { z } from "zod";
import { codeChallengeOf } from "./pkce";

// A small OAuth 2.0 authorization-code client (PKCE S256) for the providers a user connects (Google
// Calendar, Microsoft Graph, Zoom): endpoints come from configuration so tests point them at stand-ins.

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Google and Microsoft take the client's credentials in the form body; Zoom in HTTP Basic auth. */
  clientAuth: "post" | "basic";
  scopes: readonly string[];
  /** Extra authorize parameters (Google: access_type=offline, prompt=consent). */
  extraParams?: Record<string, string>;
}

export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
  id_token: z.string().optional(),
});

export interface OAuthTokens {
  accessToken: string;
  /** Absent when the provider keeps the old one (Google on refresh). */
  refreshToken: string | null;
  expiresAt: Date;
}

/** The provider refused the grant (revoked, expired, wrong verifier): the user must connect again. */
export class InvalidGrantError extends Error {
  override name = "InvalidGrantError";
}

/** The provider could not be reached or answered 429/5xx: try later, nothing is lost. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export function authorizationUrl(
  config: OAuthProviderConfig,
  input: { redirectUri: string; state: string; codeVerifier: string; loginHint?: string | null },
): string {
  const url = new URL(config.authorizationUrl);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    code_challenge: codeChallengeOf(input.codeVerifier),
    code_challenge_method: "S256",
    ...(config.scopes.length > 0 ? { scope: config.scopes.join(" ") } : {}),
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
    ...config.extraParams,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function exchangeCode(
  config: OAuthProviderConfig,
  input: { code: string; codeVerifier: string; redirectUri: string },
  fetcher: typeof fetch = fetch,
): Promise<OAuthTokens> {
  return tokenRequest(
    config,
    { grant_type: "authorization_code", code: input.code, code_verifier: input.codeVerifier, redirect_uri: input.redirectUri },
    fetcher,
  );
}

export function refreshTokens(config: OAuthProviderConfig, refreshToken: string, fetcher: typeof fetch = fetch): Promise<OAuthTokens> {
  return tokenRequest(config, { grant_type: "refresh_token", refresh_token: refreshToken }, fetcher);
}

async function tokenRequest(config: OAuthProviderConfig, form: Record<string, string>, fetcher: typeof fetch): Promise<OAuthTokens> {
  const body = new URLSearchParams(form);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (config.clientAuth === "basic") {
    headers.authorization = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`;
  } else {
    body.set("client_id", config.clientId);
    body.set("client_secret", config.clientSecret);
  }
  let response: Response;
  try {
    response = await fetcher(config.tokenUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new ProviderUnavailableError(`token endpoint unreachable: ${(error as Error).message}`, null);
  }
  const text = await response.text();
  if (response.status === 429 || response.status >= 500) {
    throw new ProviderUnavailableError(`token endpoint answered ${response.status}`, response.status, retryAfterOf(response));
  }
  const json = safeJson(text);
  if (!response.ok) {
    const error = z.object({ error: z.string() }).safeParse(json);
    // invalid_grant is the standard answer for a revoked, expired or already used grant (RFC 6749 5.2).
    if (error.success && error.data.error === "invalid_grant") throw new InvalidGrantError(text.slice(0, 300));
    throw new Error(`token endpoint answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const tokens = tokenAnswerSchema.parse(json);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000),
  };
}

/** Seconds from a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterOf(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
