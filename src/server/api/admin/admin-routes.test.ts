import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { accountClients } from "../../../../test/support/account-clients";
import { databaseKinds } from "../../../../test/support/test-databases";
import { actionCodeFor, startTestWeb, TestClient } from "../../../../test/support/test-web";

// Admin calls over real HTTP (needs `npm run build`): for the IS_ADMIN role only. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("admin API on %s", (kind) => {
  let web: RunningWeb;
  const { password, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100", ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(async () => {
    await web?.stop();
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
});
