import type { Context } from "hono";
import { type AuthorizationGrant, type CodeStore, pkceChallenge } from "./code-store";
import type { StandInProviderId } from "./test-users";

export interface TokenRequest {
  form: URLSearchParams;
  clientId: string | null;
  clientSecret: string | null;
}

/** Reads the token request and the client's credentials (client_secret_post or client_secret_basic). */
export async function readTokenRequest(c: Context): Promise<TokenRequest> {
  const form = new URLSearchParams(await c.req.text());
  const basic = /^Basic\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString();
    const colon = decoded.indexOf(":");
    return {
      form,
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  return { form, clientId: form.get("client_id"), clientSecret: form.get("client_secret") };
}

export type GrantResult = { grant: AuthorizationGrant } | { error: string };

/** RFC 6749 4.1.3 + RFC 7636 4.6: the code is ours, unused, for this client and redirect URI, and PKCE holds. */
export function redeemCode(codes: CodeStore, provider: StandInProviderId, request: TokenRequest): GrantResult {
  const { form } = request;
  if (form.get("grant_type") !== "authorization_code") return { error: "unsupported_grant_type" };
  const grant = codes.redeem(form.get("code") ?? "");
  if (!grant || grant.provider !== provider) return { error: "invalid_grant" };
  if (grant.clientId !== request.clientId || grant.redirectUri !== form.get("redirect_uri")) return { error: "invalid_grant" };
  const verifier = form.get("code_verifier");
  if (grant.codeChallenge && (!verifier || pkceChallenge(verifier) !== grant.codeChallenge)) return { error: "invalid_grant" };
  if (!grant.codeChallenge && verifier) return { error: "invalid_grant" };
  return { grant };
}

export const tokenError = (c: Context, error: string, status: 400 | 401 = 400) =>
  c.json({ error, error_description: `stand-in: ${error}` }, status);
