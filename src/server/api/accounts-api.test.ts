import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/support/test-databases";
import { actionCodeFor, startTestWeb, TestClient } from "../../../test/support/test-web";
import { banUser } from "../../core/accounts/mutations";
import type { RunningWeb } from "../start-web";

// Accounts over real HTTP (needs `npm run build`): sign-up, verification, the product calls of spec
// section 7, anti-forgery tokens, bans and bad input. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("accounts API on %s", (kind) => {
  let web: RunningWeb;
  let counter = 0;
  const password = "correct horse battery";
  const freshEmail = () => `user${++counter}-${Date.now()}@example.com`;

  async function verifiedClient(language = "en") {
    const client = new TestClient(web.url, language);
    const email = freshEmail();
    expect((await client.signUp(email, password)).status).toBe(200);
    const verify = await client.request(
      "GET",
      `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, email, "verifyEmail"))}`,
    );
    expect(verify.status).toBe(200);
    expect(client.cookie("parley.session_token")).toBeTruthy();
    return { client, email };
  }

  beforeAll(async () => {
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100", ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("answers 401 UNAUTHENTICATED with a translated message when nobody is signed in", async () => {
    const response = await new TestClient(web.url, "es").api("GET", "/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, errorCode: "UNAUTHENTICATED", message: "Inicia sesión para continuar." });
  });

  it("hands out an anti-forgery token in the body and a cookie", async () => {
    const client = new TestClient(web.url);
    const response = await client.request("GET", "/api/csrf-token");
    const body = (await response.json()) as { success: boolean; csrfToken: string };
    expect(body.success).toBe(true);
    expect(body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(client.cookie("csrf_token")).toBe(body.csrfToken);
  });

  it("signs up without saying whether the address already has an account, and mails its owner", async () => {
    const email = freshEmail();
    const first = await new TestClient(web.url).signUp(email, password);
    const again = await new TestClient(web.url).signUp(email, "another password 123");
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(Object.keys((await again.json()) as object).sort()).toEqual(Object.keys((await first.json()) as object).sort());
    const subjects = web.mailCatcher?.list({ to: email }).map((mail) => mail.subject) ?? [];
    expect(subjects).toHaveLength(2);
  });

  it("flags an unverified password user, then verifies through the e-mail link and signs in", async () => {
    const client = new TestClient(web.url);
    const email = freshEmail();
    await client.signUp(email, password);
    expect((await client.signIn(email, password)).status).toBe(200);
    const before = (await (await client.api("GET", "/user")).json()) as { payload: { emailVerified: boolean; cerebroId: string } };
    expect(before.payload.emailVerified).toBe(false);
    expect(before.payload.cerebroId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await client.request("GET", "/home");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/verify");
    await client.request("GET", `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, email, "verifyEmail"))}`);
    const after = (await (await client.api("GET", "/user")).json()) as { payload: { emailVerified: boolean } };
    expect(after.payload.emailVerified).toBe(true);
    expect((await client.request("GET", "/home")).headers.get("location")).toBe("/onboarding/start");
  });

  it.each([
    [
      "an invalid e-mail",
      "/api/auth/sign-up/email",
      { email: "nope", password: "long enough 1", name: "A" },
      400,
      "VALIDATION_ERROR",
      "Parte de la información enviada no es válida.",
    ],
    [
      "a short password",
      "/api/auth/sign-up/email",
      { email: "a@example.com", password: "123", name: "A" },
      400,
      "PASSWORD_TOO_SHORT",
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    ["malformed JSON", "/api/auth/sign-up/email", "{oops", 400, "BAD_REQUEST", "No se pudo leer la solicitud."],
    [
      "a wrong password",
      "/api/auth/sign-in/email",
      { email: "nobody@example.com", password: "whatever 123" },
      401,
      "INVALID_EMAIL_OR_PASSWORD",
      "Correo o contraseña incorrectos.",
    ],
    [
      "a forged reset code",
      "/api/auth/reset-password",
      { token: "forged", newPassword: "long enough 1" },
      400,
      "INVALID_TOKEN",
      "Este enlace no es válido o ha caducado.",
    ],
    [
      "an unknown provider",
      "/api/auth/sign-in/social",
      { provider: "myspace" },
      404,
      "PROVIDER_NOT_FOUND",
      "Este método de acceso no está disponible.",
    ],
  ])("answers %s on the auth routes with a translated 4xx", async (_label, path, body, status, code, message) => {
    const response = await new TestClient(web.url, "es").request("POST", path, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false, errorCode: code, code, message });
  });

  it("answers an unknown auth route with a JSON 404", async () => {
    const response = await new TestClient(web.url).request("GET", "/api/auth/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: "NOT_FOUND" });
  });

  it("returns the user payload of spec section 7", async () => {
    const { client, email } = await verifiedClient();
    const body = (await (await client.api("GET", "/user")).json()) as { success: boolean; payload: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.payload).toMatchObject({ email, initialSet: false, paddleCustomerId: null, subscription: null, role: "user" });
    expect(body.payload.providerData).toEqual([{ providerId: "credential" }]);
  });

  it("saves settings and onboarding flags, merging flags", async () => {
    const { client } = await verifiedClient();
    await client.api("POST", "/user/set", { onboarding: { capture_completed: true }, settings: { language: "pt" } });
    const response = await client.api("POST", "/user/set", { name: "Ana", onboarding: { language_completed: true } });
    const body = (await response.json()) as { payload: { name: string; initialSet: boolean; settings: unknown; onboarding: unknown } };
    expect(body.payload).toMatchObject({ name: "Ana", initialSet: true, settings: { language: "pt" } });
    expect(body.payload.onboarding).toEqual({ capture_completed: true, language_completed: true });
  });

  it("keeps the onboarding answers and refuses unknown capture kinds", async () => {
    const { client } = await verifiedClient();
    await client.api("POST", "/user/set", { preferences: { captureKinds: ["meetings", "youtube"] } });
    const response = await client.api("POST", "/user/set", { preferences: { meetingLanguage: "fr" } });
    const body = (await response.json()) as { payload: { preferences: unknown } };
    expect(body.payload.preferences).toEqual({ captureKinds: ["meetings", "youtube"], meetingLanguage: "fr" });
    expect((await client.api("POST", "/user/set", { preferences: { captureKinds: ["karaoke"] } })).status).toBe(400);
  });

  it("sends a finished, free user to the paywall once, then home", async () => {
    const { client } = await verifiedClient();
    await client.api("POST", "/user/set", { onboarding: { onboarding_completed: true } });
    expect((await client.request("GET", "/home")).headers.get("location")).toBe("/paywall");
    await client.api("POST", "/user/set", { onboarding: { seenPaywall: true } });
    expect((await client.request("GET", "/home")).status).toBe(200);
  });

  it.each([
    ["an unknown field", { plan: "pro" }],
    ["a flag the client may not set", { onboarding: { calendarConnected: true } }],
    ["an unsupported language", { settings: { language: "de" } }],
    ["an empty name", { name: "   " }],
    ["a photo that is not an image data URL", { photoURL: "https://evil.example/x.png" }],
  ])("rejects %s with 400 VALIDATION_FAILED, translated", async (_label, body) => {
    const { client } = await verifiedClient("pt");
    const response = await client.api("POST", "/user/set", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: "VALIDATION_FAILED",
      message: "Algumas das informações enviadas não são válidas.",
    });
  });

  it("rejects malformed JSON with 400 INVALID_JSON, not a 500", async () => {
    const { client } = await verifiedClient();
    await client.api("GET", "/user");
    const token = ((await (await client.request("GET", "/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
    const response = await client.request("POST", "/api/user/set", "{not json", {
      "Content-Type": "application/json",
      "X-CSRF-Token": token,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "INVALID_JSON" });
  });

  it("reports this month's usage (spec section 7 GET /user/usage)", async () => {
    const { client } = await verifiedClient();
    const body = (await (await client.api("GET", "/user/usage")).json()) as { id: string; usage: unknown };
    expect(body.id).toMatch(/:\d{4}-\d{2}$/);
    expect(body.usage).toEqual({ transcriptionMinutes: 0, uploadCount: 0 });
    expect((await new TestClient(web.url).api("GET", "/user/usage")).status).toBe(401);
  });

  it("stores click ids and rejects unknown ones", async () => {
    const { client } = await verifiedClient();
    expect((await client.api("POST", "/user/set-click-ids", { clickIds: { gclid: "abc", ua: "Mozilla" } })).status).toBe(200);
    expect((await client.api("POST", "/user/set-click-ids", { clickIds: { msclkid: "x" } })).status).toBe(400);
  });

  it("refuses a non-GET call without a valid anti-forgery token", async () => {
    const { client } = await verifiedClient();
    const missing = await client.request("POST", "/api/user/set", { name: "X" });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ errorCode: "INVALID_CSRF_TOKEN" });
    await client.request("GET", "/api/csrf-token");
    const forged = `${"a".repeat(32)}.${"b".repeat(43)}`;
    client.setCookie("csrf_token", forged);
    const wrong = await client.request("POST", "/api/user/set", { name: "X" }, { "X-CSRF-Token": forged });
    expect(wrong.status).toBe(403);
  });

  it("accepts the session token as a bearer token without cookies or anti-forgery token", async () => {
    const { client } = await verifiedClient();
    const token = decodeURIComponent(client.cookie("parley.session_token") ?? "");
    const response = await fetch(`${web.url}/api/user/set`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Scripted" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ payload: { name: "Scripted" } });
  });

  it("answers 403 user_banned to a banned user, sends their pages to /sso?banned=true and refuses sign-in", async () => {
    const { client, email } = await verifiedClient();
    await banUser(web.database.db, { email, reason: "spam", expiresAt: null });
    const response = await client.api("GET", "/user");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errorCode: "user_banned" });
    const page = await client.request("GET", "/es/notes");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/es/sso?banned=true");
    expect(client.cookie("parley.session_token")).toBeUndefined();
    const again = await client.signIn(email, password);
    expect(again.status).toBe(403);
  });

  it("lets an admin ban through the API and keeps others out", async () => {
    const admin = new TestClient(web.url);
    await admin.signUp("boss@example.com", password);
    await admin.request("GET", `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, "boss@example.com", "verifyEmail"))}`);
    const { client: target, email } = await verifiedClient();
    expect((await target.api("POST", "/admin/users/ban", { email })).status).toBe(403);
    const ban = await admin.api("POST", "/admin/users/ban", { email, reason: "abuse" });
    expect(await ban.json()).toEqual({ success: true, found: true });
    expect((await target.api("GET", "/user")).status).toBe(403);
    expect((await admin.api("POST", "/admin/users/unban", { email })).status).toBe(200);
    expect((await target.api("GET", "/user")).status).toBe(200);
    expect((await admin.api("POST", "/admin/users/ban", { email: "not-an-email" })).status).toBe(400);
  });

  it("deletes the account and its data, and signs out", async () => {
    const { client, email } = await verifiedClient();
    const response = await client.api("DELETE", "/user");
    expect(response.status).toBe(200);
    expect(client.cookie("parley.session_token")).toBeUndefined();
    expect((await new TestClient(web.url).signIn(email, password)).status).toBe(401);
  });

  it("resets a password through the mailed code; the old password stops working", async () => {
    const { email } = await verifiedClient();
    const client = new TestClient(web.url);
    expect((await client.request("POST", "/api/auth/request-password-reset", { email })).status).toBe(200);
    const token = actionCodeFor(web, email, "resetPassword");
    expect((await client.request("POST", "/api/auth/reset-password", { token, newPassword: "a brand new secret" })).status).toBe(200);
    expect((await client.signIn(email, password)).status).toBe(401);
    expect((await client.signIn(email, "a brand new secret")).status).toBe(200);
  });
});
