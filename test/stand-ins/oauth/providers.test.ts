import { randomBytes } from "node:crypto";
import type { OAuthProvider } from "better-auth/oauth2";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { appleProvider, appleSettings } from "../../../src/infra/auth/social/apple";
import { facebookProvider, facebookSettings } from "../../../src/infra/auth/social/facebook";
import { type GoogleSettings, googleProvider, googleSettings, verifyGoogleIdToken } from "../../../src/infra/auth/social/google";
import { microsoftProvider, microsoftSettings } from "../../../src/infra/auth/social/microsoft";
import { type SocialEnv, socialEnvShape } from "../../../src/infra/auth/social/social-env";
import { enabledSignInProviders } from "../../../src/infra/auth/social/social-plugin";
import { answerConsent } from "./consent-client";
import { type OAuthStandIns, startOAuthStandIns } from "./server";
import { generateAppleClientKey, standInClients, standInSocialEnv } from "./test-clients";

// The provider factories against the stand-ins over real HTTP, without the app: authorization URL,
// consent, code exchange, ID-token checks. The app's own round trip is in app-round-trip.test.ts.
const appleKey = generateAppleClientKey();
let standIns: OAuthStandIns;
let env: SocialEnv;
let google: GoogleSettings;

beforeAll(async () => {
  standIns = await startOAuthStandIns({ port: 0, clients: standInClients(appleKey.publicKeyPem) });
  env = z.object(socialEnvShape).parse(standInSocialEnv(standIns.url, appleKey));
  google = googleSettings(env) ?? expect.fail("google settings");
});
afterAll(() => standIns.close());

const callback = (id: string) => `http://localhost:9/api/auth/callback/${id}`;
const random = () => randomBytes(16).toString("base64url");

async function authorize(
  provider: Pick<OAuthProvider, "id" | "createAuthorizationURL">,
  options: Parameters<typeof answerConsent>[1] = {},
) {
  const state = random();
  const codeVerifier = random() + random();
  const idTokenNonce = random();
  const url = await provider.createAuthorizationURL({ state, codeVerifier, idTokenNonce, redirectURI: callback(provider.id) });
  const answer = await answerConsent(url.toString(), options);
  return { url, answer, state, codeVerifier, idTokenNonce };
}

describe("settings", () => {
  it("turns a provider on only when its credentials are complete", () => {
    expect(enabledSignInProviders(env)).toEqual(["google", "facebook", "apple", "microsoft"]);
    const partial = z.object(socialEnvShape).parse({ GOOGLE_CLIENT_ID: "only-id", APPLE_CLIENT_ID: "a", APPLE_TEAM_ID: "t" });
    expect(enabledSignInProviders(partial)).toEqual([]);
    expect(enabledSignInProviders(z.object(socialEnvShape).parse({}))).toEqual([]);
  });

  it("defaults every endpoint to the real service", () => {
    const real = z.object(socialEnvShape).parse({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(googleSettings(real)).toMatchObject({
      authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
      issuers: ["https://accounts.google.com", "accounts.google.com"],
    });
  });
});

describe("Google", () => {
  it("runs the code flow with PKCE and a nonce, and verifies the ID token", async () => {
    const provider = googleProvider(google);
    const { url, answer, state, codeVerifier, idTokenNonce } = await authorize(provider);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("nonce")).toBe(idTokenNonce);
    expect(answer.params.get("state")).toBe(state);
    const tokens = await provider.validateAuthorizationCode({
      code: answer.params.get("code") ?? "",
      codeVerifier,
      redirectURI: callback("google"),
    });
    const info = await provider.getUserInfo({ ...(tokens ?? {}), expectedIdTokenNonce: idTokenNonce });
    expect(info?.user).toMatchObject({ email: "grace.google@example.test", name: "Grace Google", emailVerified: true });
  });

  it("refuses a used code and a wrong PKCE verifier", async () => {
    const provider = googleProvider(google);
    const first = await authorize(provider);
    const code = first.answer.params.get("code") ?? "";
    await provider.validateAuthorizationCode({ code, codeVerifier: first.codeVerifier, redirectURI: callback("google") });
    await expect(
      provider.validateAuthorizationCode({ code, codeVerifier: first.codeVerifier, redirectURI: callback("google") }),
    ).rejects.toBeTruthy();
    const second = await authorize(provider);
    const wrong = { code: second.answer.params.get("code") ?? "", codeVerifier: random() + random(), redirectURI: callback("google") };
    await expect(provider.validateAuthorizationCode(wrong)).rejects.toBeTruthy();
  });

  it("rejects an ID token with a wrong nonce", async () => {
    const provider = googleProvider(google);
    const { answer, codeVerifier } = await authorize(provider);
    const tokens = await provider.validateAuthorizationCode({
      code: answer.params.get("code") ?? "",
      codeVerifier,
      redirectURI: callback("google"),
    });
    expect(await provider.getUserInfo({ ...(tokens ?? {}), expectedIdTokenNonce: "another nonce" })).toBeNull();
  });

  it("rejects ID tokens for another audience, from another issuer, expired, or signed by another key", async () => {
    const user = { name: "Eve", email: "eve@example.test" };
    expect(await verifyGoogleIdToken(google, await standIns.google.idToken(user))).not.toBeNull();
    expect(await verifyGoogleIdToken(google, await standIns.google.idToken(user, { audience: "another-client" }))).toBeNull();
    const now = Math.floor(Date.now() / 1000);
    const base = { sub: "1", email: user.email, iat: now, exp: now + 600 };
    const sign = (claims: object, issuer: string, key = standIns.signingKey.privateKey) =>
      new SignJWT({ ...base, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: standIns.signingKey.kid })
        .setIssuer(issuer)
        .setAudience(google.clientId)
        .sign(key);
    const issuer = google.issuers[0] ?? "";
    expect(await verifyGoogleIdToken(google, await sign({}, issuer))).not.toBeNull();
    expect(await verifyGoogleIdToken(google, await sign({}, "https://evil.example"))).toBeNull();
    expect(await verifyGoogleIdToken(google, await sign({ iat: now - 7200, exp: now - 3600 }, issuer))).toBeNull();
    const { privateKey } = await import("jose").then((jose) => jose.generateKeyPair("RS256"));
    expect(await verifyGoogleIdToken(google, await sign({}, issuer, privateKey))).toBeNull();
  });
});

describe("Facebook", () => {
  it("reads the profile from /me with the access token (no ID token)", async () => {
    const provider = facebookProvider(facebookSettings(env) ?? expect.fail("facebook settings"));
    const { url, answer } = await authorize(provider);
    expect(url.searchParams.get("code_challenge")).toBeNull();
    const tokens = await provider.validateAuthorizationCode({ code: answer.params.get("code") ?? "", redirectURI: callback("facebook") });
    expect(tokens?.idToken).toBeUndefined();
    const info = await provider.getUserInfo({ ...(tokens ?? {}) });
    expect(info?.user).toMatchObject({ email: "frank.facebook@example.test", name: "Frank Facebook" });
    expect(info?.data.id).toMatch(/^\d+$/);
  });

  it("passes on a profile without an e-mail as having none", async () => {
    const provider = facebookProvider(facebookSettings(env) ?? expect.fail("facebook settings"));
    const { answer } = await authorize(provider, { user: { name: "No Mail", email: undefined } });
    const tokens = await provider.validateAuthorizationCode({ code: answer.params.get("code") ?? "", redirectURI: callback("facebook") });
    const info = await provider.getUserInfo({ ...(tokens ?? {}) });
    expect(info?.user.email).toBeNull();
    expect(info?.user.name).toBe("No Mail");
  });
});

describe("Apple", () => {
  it("answers with form_post, takes the ES256 client secret, and names the person from `user` once", async () => {
    const settings = appleSettings(env) ?? expect.fail("apple settings");
    const provider = appleProvider(settings);
    const person = { name: "Ada Lovelace", email: `ada.${random()}@example.test` };
    const first = await authorize(provider, { user: person });
    expect(first.url.searchParams.get("response_mode")).toBe("form_post");
    expect(first.answer.method).toBe("POST");
    const userField = first.answer.params.get("user") ?? "";
    const tokens = await provider.validateAuthorizationCode({
      code: first.answer.params.get("code") ?? "",
      redirectURI: callback("apple"),
    });
    const info = await provider.getUserInfo({ ...(tokens ?? {}), expectedIdTokenNonce: first.idTokenNonce, user: JSON.parse(userField) });
    expect(info?.user).toMatchObject({ name: "Ada Lovelace", email: person.email, emailVerified: true });
    const again = await authorize(provider, { user: person });
    expect(again.answer.params.has("user")).toBe(false);
  });

  it("is refused by the token endpoint with a client secret from another key", async () => {
    const settings = appleSettings(env) ?? expect.fail("apple settings");
    const provider = appleProvider({ ...settings, privateKey: generateAppleClientKey().privateKeyPem });
    const { answer } = await authorize(provider);
    await expect(
      provider.validateAuthorizationCode({ code: answer.params.get("code") ?? "", redirectURI: callback("apple") }),
    ).rejects.toBeTruthy();
  });
});

describe("Microsoft", () => {
  it("runs the code flow on the tenant endpoints and keys the account on oid", async () => {
    const provider = microsoftProvider(microsoftSettings(env) ?? expect.fail("microsoft settings"));
    const { url, answer, codeVerifier, idTokenNonce } = await authorize(provider);
    expect(url.pathname).toBe("/microsoft/common/oauth2/v2.0/authorize");
    const tokens = await provider.validateAuthorizationCode({
      code: answer.params.get("code") ?? "",
      codeVerifier,
      redirectURI: callback("microsoft"),
    });
    const info = await provider.getUserInfo({ ...(tokens ?? {}), expectedIdTokenNonce: idTokenNonce });
    expect(info?.user).toMatchObject({ email: "mona.microsoft@example.test", name: "Mona Microsoft" });
    const subject = await provider.accountSubject({ tokens: tokens ?? {}, profile: info?.data ?? {} });
    expect(subject).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects a token whose issuer does not name its own tenant", async () => {
    const settings = microsoftSettings(env) ?? expect.fail("microsoft settings");
    const provider = microsoftProvider(settings);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: "s", oid: "o", tid: "other-tenant", email: "x@example.test", iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: "RS256", kid: standIns.signingKey.kid })
      .setIssuer(`${settings.authority}/another-tenant/v2.0`)
      .setAudience(settings.clientId)
      .sign(standIns.signingKey.privateKey);
    expect(await provider.getUserInfo({ idToken: token })).toBeNull();
  });
});
