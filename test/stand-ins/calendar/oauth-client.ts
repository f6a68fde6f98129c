import { randomBytes } from "node:crypto";
import type { Provider } from "./identity";
import { pkceChallenge } from "./pkce";

// A client of the stand-in's OAuth, as the app will be one: authorize (following nothing, reading the
// 302), then the token endpoint with PKCE. For the stand-in's own tests and for other suites that need
// a connected account without driving the app's UI.

export const testClient = {
  clientId: "parley-test-client",
  clientSecret: "parley-test-secret",
  redirectUri: "http://127.0.0.1:1/callback",
};

const paths: Record<Provider, { authorize: string; token: string }> = {
  google: { authorize: "/google/o/oauth2/v2/auth", token: "/google/token" },
  microsoft: { authorize: "/microsoft/common/oauth2/v2.0/authorize", token: "/microsoft/common/oauth2/v2.0/token" },
  zoom: { authorize: "/zoom/oauth/authorize", token: "/zoom/oauth/token" },
};

const scopes: Record<Provider, string> = {
  google: "openid email profile https://www.googleapis.com/auth/calendar.readonly",
  microsoft: "openid profile email offline_access User.Read Calendars.Read",
  zoom: "user:read:user user:read:zak",
};

export interface AuthorizeAnswer {
  status: number;
  /** The redirect's query (code and state, or error and state). */
  redirect: URLSearchParams;
  verifier: string;
}

export async function authorizeAt(
  baseUrl: string,
  provider: Provider,
  options: { email?: string; state?: string; extra?: Record<string, string> } = {},
): Promise<AuthorizeAnswer> {
  const verifier = randomBytes(48).toString("base64url");
  const url = new URL(`${baseUrl}${paths[provider].authorize}`);
  const query: Record<string, string> = {
    response_type: "code",
    client_id: testClient.clientId,
    redirect_uri: testClient.redirectUri,
    state: options.state ?? randomBytes(8).toString("hex"),
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: "S256",
    scope: scopes[provider],
    ...(provider === "google" ? { access_type: "offline", prompt: "consent" } : {}),
    ...(options.email ? { login_hint: options.email } : {}),
    ...options.extra,
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: "manual" });
  const location = response.headers.get("location");
  return { status: response.status, redirect: location ? new URL(location).searchParams : new URLSearchParams(), verifier };
}

/** POSTs a form to the token endpoint: client_secret_basic for Zoom, client_secret_post for the others. */
export async function tokenRequest(baseUrl: string, provider: Provider, fields: Record<string, string>) {
  const basic = provider === "zoom";
  const form = new URLSearchParams({
    ...fields,
    ...(basic ? {} : { client_id: testClient.clientId, client_secret: testClient.clientSecret }),
  });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${testClient.clientId}:${testClient.clientSecret}`).toString("base64")}`;
  const response = await fetch(`${baseUrl}${paths[provider].token}`, { method: "POST", headers, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface Connection {
  accessToken: string;
  refreshToken: string;
  body: Record<string, unknown>;
}

/** The whole round trip for `email`: consent, code, tokens. */
export async function connect(baseUrl: string, provider: Provider, email?: string): Promise<Connection> {
  const { redirect, verifier } = await authorizeAt(baseUrl, provider, { email });
  const code = redirect.get("code");
  if (!code) throw new Error(`no code: ${redirect.toString()}`);
  const { status, body } = await tokenRequest(baseUrl, provider, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: testClient.redirectUri,
  });
  if (status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(body)}`);
  return { accessToken: String(body.access_token), refreshToken: String(body.refresh_token), body };
}

/** GET with the bearer token and optional headers; the parsed JSON (or null) and the response. */
export async function api(url: string, accessToken: string | null, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

export async function send(method: string, url: string, accessToken: string | null, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}
