import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banUser } from "~/core/accounts/mutations";
import { session } from "~/infra/db/auth-schema";
import type { RunningWeb } from "~/server/start-web";
import { accountClients } from "../../../../test/support/account-clients";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, TestClient } from "../../../../test/support/test-web";

// The user calls of spec section 7 over real HTTP (needs `npm run build`): payload, settings, onboarding,
// usage, click ids, deletion, bans and bad input. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("user API on %s", (kind) => {
  let web: RunningWeb;
  const { password, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("answers 401 UNAUTHENTICATED with a translated message when nobody is signed in", async () => {
    const response = await new TestClient(web.url, "es").api("GET", "/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, errorCode: "UNAUTHENTICATED", message: "Inicia sesión para continuar." });
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

  it("sends a finished user home with no paywall step while payments are off (decision 022)", async () => {
    // This suite's server has no PADDLE_API_KEY; the paywall step with payments on is covered by
    // decide-route-access.test.ts and e2e/onboarding.spec.ts.
    const { client } = await verifiedClient();
    expect((await client.request("GET", "/home")).headers.get("location")).toMatch(/^\/onboarding\//);
    await client.api("POST", "/user/set", { onboarding: { onboarding_completed: true } });
    expect((await client.request("GET", "/home")).status).toBe(200);
    expect((await client.request("GET", "/paywall")).headers.get("location")).toBe("/home");
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

  it("refuses a signed-out session's cookie on the very next call, and a cookie whose signature is not ours", async () => {
    // Issue 22: the session is checked by its signed cookie and one query, with no cache in between.
    const { client } = await verifiedClient();
    const replay = client.cookie("parley.session_token") as string;
    expect((await client.api("GET", "/user/usage")).status).toBe(200);
    expect((await client.request("POST", "/api/auth/sign-out", {})).status).toBe(200);
    const stale = new TestClient(web.url);
    stale.setCookie("parley.session_token", replay);
    expect((await stale.api("GET", "/user/usage")).status).toBe(401);

    const { client: other } = await verifiedClient();
    const [token] = decodeURIComponent(other.cookie("parley.session_token") as string).split(".");
    const forged = new TestClient(web.url);
    forged.setCookie("parley.session_token", encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    expect((await forged.api("GET", "/user/usage")).status).toBe(401);
    expect((await other.api("GET", "/user/usage")).status).toBe(200);
  });

  it("lets better-auth extend a session that is due for it, and the call still answers", async () => {
    const { client } = await verifiedClient();
    const [token] = decodeURIComponent(client.cookie("parley.session_token") as string).split(".");
    // Two days into a 30-day session: past the 1-day update age, so this call takes better-auth's path.
    const shortened = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await web.database.db
      .update(session)
      .set({ expiresAt: shortened })
      .where(eq(session.token, token as string));
    expect((await client.api("GET", "/user/usage")).status).toBe(200);
    const [row] = await web.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, token as string));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(shortened.getTime() + 24 * 3600 * 1000);
  });

  it("deletes the account and its data, and signs out", async () => {
    const { client, email } = await verifiedClient();
    const response = await client.api("DELETE", "/user");
    expect(response.status).toBe(200);
    expect(client.cookie("parley.session_token")).toBeUndefined();
    expect((await new TestClient(web.url).signIn(email, password)).status).toBe(401);
  });
});
