import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { accountClients } from "../../../../test/support/account-clients";
import { databaseKinds } from "../../../../test/support/test-databases";
import { actionCodeFor, startTestWeb, TestClient } from "../../../../test/support/test-web";

// Sign-up, e-mail verification, sign-in and password reset through better-auth over real HTTP (needs
// `npm run build`), with its errors translated. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("auth routes on %s", (kind) => {
  let web: RunningWeb;
  const { password, freshEmail, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
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
    [
      "a common password",
      "/api/auth/sign-up/email",
      { email: "c@example.com", password: "Password", name: "A" },
      400,
      "PASSWORD_TOO_COMMON",
      "Esta contraseña es demasiado común y fácil de adivinar. Elige otra.",
    ],
    [
      "a common new password on reset",
      "/api/auth/reset-password",
      { token: "forged", newPassword: "password123" },
      400,
      "PASSWORD_TOO_COMMON",
      "Esta contraseña es demasiado común y fácil de adivinar. Elige otra.",
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
