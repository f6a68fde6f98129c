import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, authorizeAt, connect, testClient, tokenRequest } from "./oauth-client";
import { type CalendarStandIn, startCalendarStandIn } from "./server";

// The three providers' OAuth over real HTTP, as the app will use it: PKCE round trips, refresh (Google
// keeps its refresh token, Microsoft and Zoom rotate theirs), revocation, denial, and Zoom's ZAK.

let standIn: CalendarStandIn;
beforeAll(async () => {
  standIn = await startCalendarStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

describe("Google OAuth", () => {
  it("consents as login_hint with PKCE, echoes state, and answers tokens with a verifiable id_token", async () => {
    const { status, redirect, verifier } = await authorizeAt(standIn.url, "google", { email: "ada@example.com", state: "s-1" });
    expect(status).toBe(302);
    expect(redirect.get("state")).toBe("s-1");
    const code = redirect.get("code") ?? "";
    const fields = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: testClient.redirectUri };
    const { status: tokenStatus, body } = await tokenRequest(standIn.url, "google", fields);
    expect(tokenStatus).toBe(200);
    expect(body).toMatchObject({ expires_in: 3599, token_type: "Bearer", refresh_token: expect.any(String) });
    expect(String(body.scope)).toContain("https://www.googleapis.com/auth/userinfo.email");
    const jwks = createRemoteJWKSet(new URL(`${standIn.url}/google/oauth2/v3/certs`));
    const { payload } = await jwtVerify(String(body.id_token), jwks, { issuer: `${standIn.url}/google`, audience: testClient.clientId });
    expect(payload).toMatchObject({ email: "ada@example.com", email_verified: true });

    // Codes are single use.
    expect(await tokenRequest(standIn.url, "google", fields)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const me = await api(`${standIn.url}/google/oauth2/v3/userinfo`, String(body.access_token));
    expect(me.body).toMatchObject({ email: "ada@example.com", email_verified: true, name: "Ada User" });
  });

  it("refuses a wrong code_verifier and a plain challenge, and honours a queued denial", async () => {
    const { redirect } = await authorizeAt(standIn.url, "google");
    const wrong = await tokenRequest(standIn.url, "google", {
      grant_type: "authorization_code",
      code: redirect.get("code") ?? "",
      code_verifier: "x".repeat(43),
      redirect_uri: testClient.redirectUri,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const plain = await authorizeAt(standIn.url, "google", { extra: { code_challenge_method: "plain" } });
    expect(plain.redirect.get("error")).toBe("invalid_request");

    standIn.denyNext("google", "bob@example.com");
    const denied = await authorizeAt(standIn.url, "google", { email: "bob@example.com", state: "s-2" });
    expect(Object.fromEntries(denied.redirect)).toEqual({ error: "access_denied", state: "s-2" });
    expect((await authorizeAt(standIn.url, "google", { email: "bob@example.com" })).redirect.get("code")).toBeTruthy();
  });

  it("refreshes without rotating, and answers invalid_grant once revoked at /revoke", async () => {
    const connection = await connect(standIn.url, "google");
    const refresh = { grant_type: "refresh_token", refresh_token: connection.refreshToken };
    const first = await tokenRequest(standIn.url, "google", refresh);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeUndefined();
    expect((await tokenRequest(standIn.url, "google", refresh)).status).toBe(200);

    const revoked = await fetch(`${standIn.url}/google/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: connection.refreshToken }),
    });
    expect(revoked.status).toBe(200);
    expect(await tokenRequest(standIn.url, "google", refresh)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
    const calendar = await api(`${standIn.url}/google/calendar/v3/calendars/primary/events`, String(first.body.access_token));
    expect(calendar.status).toBe(401);
    expect(standIn.state().grants).toMatchObject([{ provider: "google", revoked: true, refreshes: 2 }]);
  });

  it("expires access tokens on demand so the app's next call is a 401", async () => {
    const connection = await connect(standIn.url, "google", "eve@example.com");
    expect(standIn.expireTokens("google", "eve@example.com")).toBe(1);
    const answer = await api(`${standIn.url}/google/calendar/v3/calendars/primary/events`, connection.accessToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED", errors: [{ reason: "authError" }] } });
  });
});

describe("Microsoft identity platform", () => {
  it("rotates refresh tokens: the used one stops working; a revoked grant answers AADSTS70008", async () => {
    const connection = await connect(standIn.url, "microsoft", "grace@example.com");
    expect(connection.body).toMatchObject({ token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599 });
    expect(String(connection.body.scope)).not.toContain("offline_access");
    const jwks = createRemoteJWKSet(new URL(`${standIn.url}/microsoft/common/discovery/v2.0/keys`));
    const { payload } = await jwtVerify(String(connection.body.id_token), jwks, { audience: testClient.clientId });
    expect(payload).toMatchObject({ preferred_username: "grace@example.com", ver: "2.0" });

    const refreshed = await tokenRequest(standIn.url, "microsoft", { grant_type: "refresh_token", refresh_token: connection.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(connection.refreshToken);
    const reused = await tokenRequest(standIn.url, "microsoft", { grant_type: "refresh_token", refresh_token: connection.refreshToken });
    expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    standIn.revoke("microsoft", "grace@example.com");
    const revoked = await tokenRequest(standIn.url, "microsoft", {
      grant_type: "refresh_token",
      refresh_token: String(refreshed.body.refresh_token),
    });
    expect(revoked).toMatchObject({ status: 400, body: { error: "invalid_grant", error_codes: [70008] } });
    expect(String(revoked.body.error_description)).toMatch(/^AADSTS70008: The provided authorization code or refresh token has expired/);
    const me = await api(`${standIn.url}/graph/v1.0/me`, String(refreshed.body.access_token));
    expect(me).toMatchObject({ status: 401, body: { error: { code: "InvalidAuthenticationToken" } } });
  });

  it("gives no refresh token without offline_access, and answers /me", async () => {
    const { redirect, verifier } = await authorizeAt(standIn.url, "microsoft", { extra: { scope: "openid User.Read Calendars.Read" } });
    const { body } = await tokenRequest(standIn.url, "microsoft", {
      grant_type: "authorization_code",
      code: redirect.get("code") ?? "",
      code_verifier: verifier,
      redirect_uri: testClient.redirectUri,
    });
    expect(body.refresh_token).toBeUndefined();
    const me = await api(`${standIn.url}/graph/v1.0/me`, String(body.access_token));
    expect(me.body).toMatchObject({ mail: "calendar-user@example.com", userPrincipalName: "calendar-user@example.com" });
    expect(me.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});

describe("Zoom", () => {
  it("uses Basic client auth, rotates refresh tokens, and issues a ZAK the control API recognises", async () => {
    standIn.nextLogin("zoom", "zed@example.com");
    const connection = await connect(standIn.url, "zoom");
    expect(connection.body).toMatchObject({ token_type: "bearer", expires_in: 3599, api_url: `${standIn.url}/zoom` });
    const me = await api(`${standIn.url}/zoom/v2/users/me`, connection.accessToken);
    expect(me.body).toMatchObject({ email: "zed@example.com", type: 1, display_name: "Zed User" });

    const zak = await api(`${standIn.url}/zoom/v2/users/me/token?type=zak`, connection.accessToken);
    const token = String(zak.body.token);
    expect(token.split(".")).toHaveLength(3);
    const described = await api(`${standIn.url}/__test/zoom/zak/${token}`, null);
    expect(described.body).toMatchObject({ email: "zed@example.com", type: "zak", valid: true });
    expect((await api(`${standIn.url}/__test/zoom/zak/nope`, null)).status).toBe(404);

    const refreshed = await tokenRequest(standIn.url, "zoom", { grant_type: "refresh_token", refresh_token: connection.refreshToken });
    expect(refreshed.body.refresh_token).not.toBe(connection.refreshToken);
    expect(await tokenRequest(standIn.url, "zoom", { grant_type: "refresh_token", refresh_token: connection.refreshToken })).toEqual({
      status: 400,
      body: { reason: "Invalid Token!", error: "invalid_grant" },
    });

    const basic = `Basic ${Buffer.from(`${testClient.clientId}:${testClient.clientSecret}`).toString("base64")}`;
    const revoke = await fetch(`${standIn.url}/zoom/oauth/revoke?token=${String(refreshed.body.access_token)}`, {
      method: "POST",
      headers: { authorization: basic },
    });
    expect(await revoke.json()).toEqual({ status: "success" });
    expect((await api(`${standIn.url}/__test/zoom/zak/${token}`, null)).body).toMatchObject({ valid: false });
    expect(await api(`${standIn.url}/zoom/v2/users/me`, connection.accessToken)).toMatchObject({ status: 401, body: { code: 124 } });
  });

  it("refuses a token request without client credentials", async () => {
    const response = await fetch(`${standIn.url}/zoom/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=x",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });
});
