import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSmartlookSessions } from "~/core/session-recording/data";
import type { RunningWeb } from "~/server/start-web";
import { maxSmartlookSessions } from "~/shared/accounts/session-recording-api";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// Issue 20 over real HTTP: the click ids and utm_ parameters the browser sends after the user data loads
// (POST /user/set-click-ids, read back with GET /user/click-ids), and session recording's calls
// (GET /user/smartlook-status, POST /user/add-smartlook-session), on with a key and off without one.
// Once on PGlite, once on PostgreSQL (needs `npm run build`).
describe.each(databaseKinds)("attribution and session recording API on %s", (kind) => {
  let web: RunningWeb;
  let plain: RunningWeb;
  let counter = 0;
  const newUser = (server: () => RunningWeb) => verifiedClient(server(), `attr${++counter}-${Date.now()}@example.com`);

  beforeAll(async () => {
    [web, plain] = await Promise.all([
      startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100", SMARTLOOK_KEY: "sl-project-key" }),
      startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([web?.stop(), plain?.stop()]);
  });

  const stored = async (client: TestClient) => (await (await client.api("GET", "/user/click-ids")).json()) as Record<string, unknown>;

  it("stores click ids and utm_ parameters on the user, and reads them back", async () => {
    const client = await newUser(() => web);
    expect(await stored(client)).toEqual({ success: true, clickIds: {}, utm: {} });
    const body = {
      clickIds: { gclid: "abc", fbc: "fb.1.1760000000000.IwAR1", ua: "Mozilla/5.0" },
      utm: { utm_source: "news", utm_medium: "email", utm_campaign: "launch" },
    };
    const response = await client.api("POST", "/user/set-click-ids", body);
    expect(response.status).toBe(200);
    expect(await stored(client)).toEqual({ success: true, ...body });
  });

  it("keeps the first utm_ set (first touch) while newer click ids replace older ones", async () => {
    const client = await newUser(() => web);
    await client.api("POST", "/user/set-click-ids", { clickIds: { gclid: "first" }, utm: { utm_source: "news" } });
    await client.api("POST", "/user/set-click-ids", {
      clickIds: { gclid: "second", ttclid: "tt" },
      utm: { utm_source: "ads", utm_term: "x" },
    });
    expect(await stored(client)).toEqual({ success: true, clickIds: { gclid: "second", ttclid: "tt" }, utm: { utm_source: "news" } });
  });

  it("scopes what it stores and reads to the signed-in user", async () => {
    const [alice, bob] = await Promise.all([newUser(() => web), newUser(() => web)]);
    await alice.api("POST", "/user/set-click-ids", { clickIds: { gclid: "alice" }, utm: { utm_source: "a" } });
    expect(await stored(bob)).toEqual({ success: true, clickIds: {}, utm: {} });
  });

  it("refuses bad input: unknown click ids, keys that are not utm_, too many, too long; and anonymous callers", async () => {
    const client = await newUser(() => web);
    const tooMany = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`utm_p${i}`, "v"]));
    for (const body of [
      { clickIds: { msclkid: "x" } },
      { clickIds: {}, utm: { source: "news" } },
      { clickIds: {}, utm: { "utm_bad key": "x" } },
      { clickIds: {}, utm: tooMany },
      { clickIds: {}, utm: { utm_source: "x".repeat(513) } },
      { clickIds: { gclid: 5 } },
    ])
      expect((await client.api("POST", "/user/set-click-ids", body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(await stored(client)).toEqual({ success: true, clickIds: {}, utm: {} });
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("GET", "/user/click-ids")).status).toBe(401);
    expect((await anonymous.api("GET", "/user/smartlook-status")).status).toBe(401);
    expect((await anonymous.api("POST", "/user/add-smartlook-session", { sessionId: "s1" })).status).toBe(401);
  });

  it("with a key: the status says how to start the recorder in region eu, and the CSP allows its origin", async () => {
    const client = await newUser(() => web);
    const response = await client.api("GET", "/user/smartlook-status");
    expect(await response.json()).toEqual({
      success: true,
      enabled: true,
      projectKey: "sl-project-key",
      region: "eu",
      scriptUrl: "https://web-sdk.smartlook.com/recorder.js",
    });
    expect(response.headers.get("content-security-policy")).toContain("https://web-sdk.smartlook.com");
  });

  it("with a key: adds each session id once, to the signed-in user only, keeping the newest ones", async () => {
    const [client, other] = await Promise.all([newUser(() => web), newUser(() => web)]);
    for (const sessionId of ["s-1", "s-2", "s-1"])
      expect((await client.api("POST", "/user/add-smartlook-session", { sessionId })).status).toBe(200);
    const userId = await idOf(client);
    expect(await listSmartlookSessions(web.database.db, { userId })).toEqual(["s-1", "s-2"]);
    expect(await listSmartlookSessions(web.database.db, { userId: await idOf(other) })).toEqual([]);
    for (let i = 0; i < maxSmartlookSessions; i++) await client.api("POST", "/user/add-smartlook-session", { sessionId: `n-${i}` });
    const kept = await listSmartlookSessions(web.database.db, { userId });
    expect(kept).toHaveLength(maxSmartlookSessions);
    expect(kept.at(-1)).toBe(`n-${maxSmartlookSessions - 1}`);
    expect(kept).not.toContain("s-1");
    for (const sessionId of ["", "has space", "x".repeat(129), "<script>"])
      expect((await client.api("POST", "/user/add-smartlook-session", { sessionId })).status).toBe(400);
  });

  it("without a key: recording is off, nothing is stored, and the CSP names no recorder origin", async () => {
    const client = await newUser(() => plain);
    const response = await client.api("GET", "/user/smartlook-status");
    expect(await response.json()).toEqual({ success: true, enabled: false, projectKey: null, region: "eu", scriptUrl: null });
    expect(response.headers.get("content-security-policy")).not.toContain("smartlook");
    const add = await client.api("POST", "/user/add-smartlook-session", { sessionId: "s-1" });
    expect(add.status).toBe(409);
    expect(((await add.json()) as { errorCode: string }).errorCode).toBe("SESSION_RECORDING_OFF");
    expect(await listSmartlookSessions(plain.database.db, { userId: await idOf(client) })).toEqual([]);
    expect((await client.request("GET", "/")).headers.get("content-security-policy")).not.toContain("smartlook");
  });
});

async function idOf(client: TestClient): Promise<string> {
  return ((await (await client.api("GET", "/user")).json()) as { payload: { userId: string } }).payload.userId;
}
