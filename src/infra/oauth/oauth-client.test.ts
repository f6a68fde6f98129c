import { describe, expect, it } from "vitest";
import {
  authorizationUrl,
  exchangeCode,
  InvalidGrantError,
  type OAuthProviderConfig,
  ProviderUnavailableError,
  refreshTokens,
} from "./oauth-client";
import { codeChallengeOf } from "./pkce";

// The connect flows' OAuth client against a scripted token endpoint: what it sends and how it reads answers.
const config: OAuthProviderConfig = {
  clientId: "client-1",
  clientSecret: "secret-1",
  authorizationUrl: "https://accounts.example/auth?existing=1",
  tokenUrl: "https://accounts.example/token",
  clientAuth: "post",
  scopes: ["openid", "calendar.readonly"],
  extraParams: { access_type: "offline" },
};

function scripted(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
  }) as typeof fetch;
  return { calls, fetcher };
}

describe("OAuth client", () => {
  it("builds the consent address with PKCE S256, state, scopes, login hint and the provider's extras", () => {
    const url = new URL(
      authorizationUrl(config, { redirectUri: "https://app/cb", state: "st", codeVerifier: "verifier", loginHint: "ana@example.com" }),
    );
    expect(url.searchParams.get("existing")).toBe("1");
    expect(url.searchParams.get("code_challenge")).toBe(codeChallengeOf("verifier"));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("openid calendar.readonly");
    expect(url.searchParams.get("login_hint")).toBe("ana@example.com");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("state")).toBe("st");
  });

  it("exchanges a code with the verifier, credentials in the body or in Basic auth", async () => {
    const post = scripted(200, { access_token: "at", refresh_token: "rt", expires_in: 3599 });
    const tokens = await exchangeCode(config, { code: "c", codeVerifier: "v", redirectUri: "https://app/cb" }, post.fetcher);
    expect(tokens).toMatchObject({ accessToken: "at", refreshToken: "rt" });
    const form = new URLSearchParams(String(post.calls[0]?.init.body));
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: "authorization_code",
      code: "c",
      code_verifier: "v",
      client_secret: "secret-1",
    });
    const basic = scripted(200, { access_token: "at2" });
    await refreshTokens({ ...config, clientAuth: "basic" }, "rt", basic.fetcher);
    const headers = basic.calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from("client-1:secret-1").toString("base64")}`);
    expect(new URLSearchParams(String(basic.calls[0]?.init.body)).has("client_secret")).toBe(false);
  });

  it("tells a refused grant from an outage, with Retry-After", async () => {
    await expect(refreshTokens(config, "rt", scripted(400, { error: "invalid_grant" }).fetcher)).rejects.toBeInstanceOf(InvalidGrantError);
    const outage = refreshTokens(config, "rt", scripted(503, "busy", { "retry-after": "7" }).fetcher);
    await expect(outage).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(outage).rejects.toMatchObject({ status: 503, retryAfterSeconds: 7 });
    await expect(refreshTokens(config, "rt", scripted(400, { error: "invalid_client" }).fetcher)).rejects.toThrow("answered 400");
  });
});
