import type { CodeProblem, Grant, RefreshProblem } from "./grants";
import { basicCredentials, readForm, type StandInContext } from "./http";
import { defaultEmail, type Provider } from "./identity";
import { isS256Challenge } from "./pkce";
import type { CalendarStore, JsonObject } from "./store";

// The authorization-code flow the three providers share; each provider file supplies its own answers
// and error bodies. Consent is automatic: the person is login_hint (the product passes the signed-in
// user's e-mail), or whoever /__test/{provider}/next-login named, or calendar-user@example.com.

export interface AuthorizeOptions {
  provider: Provider;
  /** Whether the code will carry a refresh token (Google: access_type=offline; Microsoft: offline_access). */
  offline: (query: URLSearchParams) => boolean;
  /** Extra query fields on the redirect (Google adds the granted scope). */
  redirectExtras?: (query: URLSearchParams) => Record<string, string>;
  /** Extra fields on an error redirect (Microsoft adds an AADSTS error_description). */
  deniedExtras?: Record<string, string>;
}

export function authorize(c: StandInContext, store: CalendarStore, options: AuthorizeOptions): Response {
  const query = new URL(c.req.url).searchParams;
  const clientId = query.get("client_id");
  const redirectUri = query.get("redirect_uri") ?? "";
  // Without a client or a usable redirect URI the provider shows an error page and redirects nowhere.
  if (!clientId || !URL.canParse(redirectUri))
    return c.text(`Error 400: invalid_request\n\nMissing or invalid client_id or redirect_uri.`, 400);
  const state = query.get("state");
  const redirect = (fields: Record<string, string>) => {
    const target = new URL(redirectUri);
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    if (state !== null) target.searchParams.set("state", state);
    return c.redirect(target.toString(), 302);
  };
  if (query.get("response_type") !== "code") return redirect({ error: "unsupported_response_type" });
  const challenge = query.get("code_challenge");
  const method = query.get("code_challenge_method");
  // S256 only: a challenge without a method would be "plain" (RFC 7636 4.3), which the product must never use.
  if ((challenge !== null || method !== null) && (method !== "S256" || challenge === null || !isS256Challenge(challenge)))
    return redirect({ error: "invalid_request", error_description: "code_challenge must be S256 (43 base64url characters)" });
  const hint = query.get("login_hint");
  const nextLogin = store.nextLogin.get(options.provider);
  store.nextLogin.delete(options.provider);
  const email = hint?.includes("@") ? hint : (nextLogin ?? defaultEmail);
  if (store.takeDenial(options.provider, email)) return redirect({ error: "access_denied", ...options.deniedExtras });
  c.set("email", email);
  const code = store.grants.issueCode({
    provider: options.provider,
    email,
    clientId,
    redirectUri,
    codeChallenge: challenge,
    scope: query.get("scope") ?? "",
    nonce: query.get("nonce"),
    offline: options.offline(query),
  });
  return redirect({ code, ...options.redirectExtras?.(query) });
}

export type TokenProblem = CodeProblem | RefreshProblem | "invalid_client" | "unsupported_grant_type" | "invalid_request";

export interface TokenOptions {
  provider: Provider;
  /** Microsoft and Zoom give a new refresh token on every refresh and retire the used one; Google does not. */
  rotate: boolean;
  answer: (grant: Grant, accessToken: string, refreshToken: string | null) => Promise<JsonObject> | JsonObject;
  error: (c: StandInContext, problem: TokenProblem, form: URLSearchParams) => Response;
}

/** The token endpoint: authorization_code (with PKCE) and refresh_token; client_secret_post or _basic. */
export async function exchangeToken(c: StandInContext, store: CalendarStore, options: TokenOptions): Promise<Response> {
  const form = await readForm(c);
  const basic = basicCredentials(c);
  const clientId = basic?.clientId ?? form.get("client_id");
  const clientSecret = basic?.clientSecret ?? form.get("client_secret");
  const fail = (problem: TokenProblem) => options.error(c, problem, form);
  if (!clientId) return fail("invalid_client");
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const code = form.get("code");
    if (!code) return fail("invalid_request");
    const grant = store.grants.redeemCode(options.provider, {
      code,
      clientId,
      clientSecret,
      redirectUri: form.get("redirect_uri"),
      verifier: form.get("code_verifier"),
    });
    if (typeof grant === "string") return fail(grant);
    c.set("email", grant.email);
    return c.json(await options.answer(grant, store.grants.issueAccessToken(grant), grant.refreshToken));
  }
  if (grantType === "refresh_token") {
    const refreshToken = form.get("refresh_token");
    if (!refreshToken) return fail("invalid_request");
    const grant = store.grants.refresh(options.provider, refreshToken, clientId, options.rotate);
    if (typeof grant === "string") return fail(grant);
    c.set("email", grant.email);
    return c.json(await options.answer(grant, store.grants.issueAccessToken(grant), options.rotate ? grant.refreshToken : null));
  }
  return fail("unsupported_grant_type");
}
