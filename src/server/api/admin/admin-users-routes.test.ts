import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import type { AdminAuditResponse, AdminUsersResponse } from "~/shared/admin/admin-users-api";
import { accountClients } from "../../../../test/support/account-clients";
import { startAdminWeb } from "../../../../test/support/admin-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { TestClient } from "../../../../test/support/test-web";

// The admin users list, actions by id and the audit log (issue 20) over real HTTP, on PGlite and PostgreSQL.
describe.each(databaseKinds)("admin users API on %s", (kind) => {
  let web: RunningWeb;
  let admin: TestClient;
  const adminEmail = "chief@example.com";
  const { password, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    ({ web, admin } = await startAdminWeb(kind, adminEmail, password));
  });
  afterAll(async () => {
    await web?.stop();
  });

  const list = async (query: string) => {
    const response = await admin.api("GET", `/admin/users${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AdminUsersResponse;
  };
  const idOf = async (email: string) => {
    const found = (await list(`?q=${encodeURIComponent(email)}`)).users.find((row) => row.email === email);
    if (!found) throw new Error(`${email} not listed`);
    return found.id;
  };

  it("keeps signed-out callers and non-admins out of every call", async () => {
    const { client } = await verifiedClient();
    const anonymous = new TestClient(web.url);
    const calls: [string, string, unknown?][] = [
      ["GET", "/admin/users"],
      ["GET", "/admin/audit"],
      ["POST", "/admin/users/someone/ban", { reason: "x" }],
      ["POST", "/admin/users/someone/unban", {}],
      ["POST", "/admin/users/someone/grant-admin", {}],
      ["POST", "/admin/users/someone/revoke-admin", {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await client.api(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.api(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("searches by e-mail prefix and by name, newest first, in pages", async () => {
    const { client, email } = await verifiedClient();
    await client.api("POST", "/user/set", { name: "Zebediah Quux" });
    const byEmail = await list(`?q=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`);
    expect(byEmail.users.map((row) => row.email)).toContain(email);
    const row = byEmail.users.find((entry) => entry.email === email);
    expect(row).toMatchObject({ plan: "free", role: "user", status: "active", usage: { transcriptionMinutes: 0, uploadCount: 0 } });
    const byName = await list("?q=bediah%20qu");
    expect(byName.users.map((entry) => entry.email)).toEqual([email]);
    expect((await list("?q=nobody-like-this")).users).toEqual([]);

    const first = await list("?limit=1");
    expect(first.users).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=1&cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect(second.users[0]?.id).not.toBe(first.users[0]?.id);
    expect(Date.parse(second.users[0]?.createdAt ?? "")).toBeLessThanOrEqual(Date.parse(first.users[0]?.createdAt ?? ""));
    expect((await list("?status=admin")).users.map((entry) => entry.email)).toContain(adminEmail);
    expect((await admin.api("GET", "/admin/users?status=nope")).status).toBe(400);
  });

  it("bans and unbans by id, refuses self-bans, and audits each action", async () => {
    const { client, email } = await verifiedClient();
    const userId = await idOf(email);
    expect((await admin.api("POST", `/admin/users/${userId}/ban`, { reason: "" })).status).toBe(400);
    const ban = await admin.api("POST", `/admin/users/${userId}/ban`, { reason: "spam" });
    expect(ban.status).toBe(200);
    expect(await ban.json()).toMatchObject({ success: true, user: { id: userId, status: "banned", banReason: "spam" } });
    const refused = await client.api("GET", "/user");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errorCode: "user_banned" });
    expect((await list("?status=banned")).users.map((row) => row.id)).toContain(userId);
    expect((await admin.api("POST", `/admin/users/${userId}/unban`, {})).status).toBe(200);
    expect((await client.api("GET", "/user")).status).toBe(200);

    const selfId = await idOf(adminEmail);
    const self = await admin.api("POST", `/admin/users/${selfId}/ban`, { reason: "oops" });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ errorCode: "ADMIN_SELF_ACTION" });
    expect((await admin.api("POST", `/admin/users/${selfId}/revoke-admin`, {})).status).toBe(409);
    expect((await admin.api("POST", "/admin/users/no-such-user/unban", {})).status).toBe(404);

    const audit = await admin.api("GET", `/admin/audit?userId=${encodeURIComponent(userId)}`);
    expect(audit.status).toBe(200);
    const { entries } = (await audit.json()) as AdminAuditResponse;
    expect(entries.map((entry) => entry.action)).toEqual(["user.unban", "user.ban"]);
    expect(entries[1]).toMatchObject({ actorEmail: adminEmail, targetEmail: email, targetUserId: userId, details: { reason: "spam" } });
  });

  it("grants and revokes admin by id, and audits the e-mail-based calls too", async () => {
    const { client, email } = await verifiedClient();
    const userId = await idOf(email);
    expect((await admin.api("POST", `/admin/users/${userId}/grant-admin`, {})).status).toBe(200);
    expect((await client.api("GET", "/admin/users")).status).toBe(200);
    expect((await admin.api("POST", `/admin/users/${userId}/revoke-admin`, {})).status).toBe(200);
    expect((await client.api("GET", "/admin/users")).status).toBe(403);
    expect((await admin.api("POST", "/admin/users/ban", { email, reason: "by mail" })).status).toBe(200);
    expect((await admin.api("POST", "/admin/users/unban", { email })).status).toBe(200);

    const { entries } = (await (await admin.api("GET", `/admin/audit?userId=${encodeURIComponent(userId)}`)).json()) as AdminAuditResponse;
    expect(entries.map((entry) => entry.action)).toEqual(["user.unban", "user.ban", "user.revoke_admin", "user.grant_admin"]);
    expect(entries.every((entry) => entry.actorEmail === adminEmail && entry.targetEmail === email)).toBe(true);
    // The same actions by the user's e-mail in any case, and nothing about someone else.
    const byEmail = (await (
      await admin.api("GET", `/admin/audit?email=${encodeURIComponent(email.toUpperCase())}`)
    ).json()) as AdminAuditResponse;
    expect(byEmail.entries.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    const nobody = (await (await admin.api("GET", "/admin/audit?email=nobody%40example.com")).json()) as AdminAuditResponse;
    expect(nobody.entries).toEqual([]);
    const firstPage = (await (await admin.api("GET", "/admin/audit?limit=1")).json()) as AdminAuditResponse;
    expect(firstPage.entries).toHaveLength(1);
    expect(firstPage.nextCursor).not.toBeNull();
  });
});
