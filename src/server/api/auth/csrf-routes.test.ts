import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { accountClients } from "../../../../test/support/account-clients";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, TestClient } from "../../../../test/support/test-web";

// The anti-forgery token over real HTTP (needs `npm run build`): handed out in the body and a signed cookie,
// required on every non-GET cookie call, not on a bearer token's. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("anti-forgery token on %s", (kind) => {
  let web: RunningWeb;
  const { verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("hands out an anti-forgery token in the body and a cookie", async () => {
    const client = new TestClient(web.url);
    const response = await client.request("GET", "/api/csrf-token");
    const body = (await response.json()) as { success: boolean; csrfToken: string };
    expect(body.success).toBe(true);
    expect(body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(client.cookie("csrf_token")).toBe(body.csrfToken);
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
});
