import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botLaunchJob } from "~/core/meetings/launch-job";
import { botSettingsFromEnv } from "~/core/meetings/settings";
import { fetchZoomJoinToken } from "~/core/zoom/zoom-join-token";
import type { BotProcessLauncher } from "~/infra/bots/child-process-launcher";
import { userData } from "~/infra/db/auth-schema";
import { zoomConnections } from "~/infra/db/calendar-schema";
import { createLogger } from "~/infra/logging/logger";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import { parseEnv } from "~/runtime/env";
import { createZoomDeps } from "~/runtime/job-deps";
import type { RunningWeb } from "~/server/start-web";
import { unlimitedLimits } from "~/shared/billing/plans";
import type { ZoomConnection } from "~/shared/calendars/calendar-api";
import type { BotJob } from "~/shared/meetings/bot-job";
import { type CalendarStandIn, startCalendarStandIn } from "../../../../test/stand-ins/calendar/server";
import { userIdOf } from "../../../../test/support/seed-notes";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, type TestClient, testWebBaseEnv, verifiedClient } from "../../../../test/support/test-web";

// Zoom connect (interpretations 22) over real HTTP against the calendar stand-in's Zoom OAuth: the round
// trip through the 302s sets zoomConnected and keeps the tokens sealed; a replayed or refused consent comes
// back as ?zoomError; a Zoom bot's job gets a fresh ZAK of that account right before launch (Zoom knows it
// as the user's); a grant revoked at Zoom turns the connection into "reconnect"; disconnect revokes it.
const authSecret = testWebBaseEnv.AUTH_SECRET;

describe.each(databaseKinds)("Zoom connect API on %s", (kind) => {
  let web: RunningWeb;
  let standIn: CalendarStandIn;
  let zoomEnv: Record<string, string>;
  let counter = 0;

  beforeAll(async () => {
    standIn = await startCalendarStandIn();
    zoomEnv = {
      ZOOM_CLIENT_ID: "zoom-test-client",
      ZOOM_CLIENT_SECRET: "zoom-test-secret",
      ZOOM_OAUTH_URL: `${standIn.url}/zoom`,
      ZOOM_API_URL: `${standIn.url}/zoom/v2`,
    };
    web = await startTestWeb(kind, {
      AUTH_RATE_LIMIT_SCALE: "100",
      EMBEDDED_WORKER: "false",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-zoom-")),
      ...zoomEnv,
    });
  }, 60_000);
  afterAll(async () => {
    await web?.stop();
    await standIn?.close();
  });

  async function newUser(): Promise<{ client: TestClient; email: string; userId: string }> {
    const email = `zoom${++counter}-${kind}@example.com`;
    const client = await verifiedClient(web, email);
    return { client, email, userId: await userIdOf(web.database.db, email) };
  }
  async function zoomOf(client: TestClient): Promise<ZoomConnection> {
    const answer = await client.api("GET", "/zoom");
    expect(answer.status).toBe(200);
    return (await answer.json()) as ZoomConnection;
  }
  /** connect -> the stand-in's consent (302) -> the app's callback (302); returns where the app sent the browser. */
  async function consent(client: TestClient, returnUrl = "/settings/calendar"): Promise<{ callback: string; location: string }> {
    const start = await client.api("POST", "/zoom/connect", { returnUrl });
    expect(start.status).toBe(200);
    const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const provider = await fetch(authorizationUrl, { redirect: "manual" });
    expect(provider.status).toBe(302);
    const callback = new URL(provider.headers.get("location") ?? "");
    expect(callback.pathname).toBe("/api/zoom/oauth/callback");
    const back = await client.request("GET", `${callback.pathname}${callback.search}`);
    expect(back.status).toBe(302);
    return { callback: `${callback.pathname}${callback.search}`, location: back.headers.get("location") ?? "" };
  }
  const zoomDeps = () =>
    createZoomDeps(parseEnv({ AUTH_SECRET: authSecret, ...zoomEnv }), { db: web.database.db, logger: createLogger("silent"), authSecret });

  it("connects through OAuth: zoomConnected set, tokens sealed, back to returnUrl; a replayed callback is refused", async () => {
    const { client, email, userId } = await newUser();
    expect(await zoomOf(client)).toEqual({ available: true, connected: false, status: null, accountEmail: null });
    const { callback, location } = await consent(client, "/es/settings/calendar?tab=zoom");
    expect(location).toBe("/es/settings/calendar?tab=zoom&zoom=connected");
    expect(await zoomOf(client)).toEqual({ available: true, connected: true, status: "active", accountEmail: email });

    const [flags] = await web.database.db.select({ onboarding: userData.onboarding }).from(userData).where(eq(userData.userId, userId));
    expect(flags?.onboarding.zoomConnected).toBe(true);
    const [row] = await web.database.db.select().from(zoomConnections).where(eq(zoomConnections.userId, userId));
    expect(row?.refreshTokenEnc).toMatch(/^v1\./);
    expect(row?.accessTokenEnc).toMatch(/^v1\./);

    // The state is single use.
    const replay = await client.request("GET", callback);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/settings/calendar?zoomError=invalid_state");
    // Another user cannot use someone else's round trip, and sees no connection of theirs.
    const other = await newUser();
    expect((await zoomOf(other.client)).connected).toBe(false);
  });

  it("says so when the user refuses at Zoom", async () => {
    const { client, email } = await newUser();
    standIn.denyNext("zoom", email);
    const { location } = await consent(client);
    expect(location).toBe("/settings/calendar?zoomError=access_denied");
    expect((await zoomOf(client)).connected).toBe(false);
  });

  it("gives a Zoom bot's job a fresh ZAK of the user's Zoom account, and none to a Meet bot", async () => {
    const { client, email, userId } = await newUser();
    expect((await consent(client)).location).toBe("/settings/calendar?zoom=connected");
    const jobs: BotJob[] = [];
    const launcher: BotProcessLauncher = {
      run: async (job) => {
        jobs.push(job);
        return { exitCode: 0 };
      },
    };
    const env = parseEnv({ AUTH_SECRET: authSecret, ...zoomEnv });
    const zoom = zoomDeps();
    const launch = botLaunchJob({
      db: web.database.db,
      storage: createDiskStorage(mkdtempSync(path.join(tmpdir(), "parley-zoom-bot-"))),
      startTranscription: async () => undefined,
      settings: botSettingsFromEnv(env),
      tokenSecret: "bot-token-secret-bot-token-secret-0123456",
      callbackBaseUrl: () => web.url,
      launcher,
      logger: createLogger("silent"),
      planLimits: { free: unlimitedLimits, pro: unlimitedLimits },
      zoomJoinToken: (input) => fetchZoomJoinToken(zoom, input),
    });
    const context = { logger: createLogger("silent"), jobId: "test", attempt: 1, signal: new AbortController().signal };
    for (const url of ["https://zoom.us/j/81234567890?pwd=abc", "https://meet.google.com/zak-test-mmm"]) {
      const sent = await client.api("POST", "/meetings/bots", { url });
      expect(sent.status).toBe(201);
      const { botId } = (await sent.json()) as { botId: string };
      await launch.handle({ userId, botId }, context);
    }
    const [zoomJob, meetJob] = jobs;
    expect(zoomJob?.platform).toBe("zoom");
    expect(zoomJob?.zoomZak).toBeTruthy();
    expect(meetJob?.zoomZak ?? null).toBeNull();
    // Zoom (the stand-in) knows the ZAK as this user's, still valid.
    expect(standIn.zak(zoomJob?.zoomZak ?? "")).toMatchObject({ email, type: "zak", valid: true });
    const [row] = await web.database.db
      .select({ useCount: zoomConnections.useCount })
      .from(zoomConnections)
      .where(eq(zoomConnections.userId, userId));
    expect(row?.useCount).toBe(1);
  });

  it("turns a grant revoked at Zoom into reconnect (no ZAK), and disconnect revokes the grant", async () => {
    const revoked = await newUser();
    await consent(revoked.client);
    standIn.revoke("zoom", revoked.email);
    // The stored access token still looks fresh: Zoom's 401 makes the app refresh, which Zoom refuses.
    expect(await fetchZoomJoinToken(zoomDeps(), { userId: revoked.userId })).toBeNull();
    expect(await zoomOf(revoked.client)).toMatchObject({ connected: true, status: "reconnect" });
    // Connecting again makes it active.
    expect((await consent(revoked.client)).location).toBe("/settings/calendar?zoom=connected");
    expect((await zoomOf(revoked.client)).status).toBe("active");

    const leaving = await newUser();
    await consent(leaving.client);
    const zak = await fetchZoomJoinToken(zoomDeps(), { userId: leaving.userId });
    expect(standIn.zak(zak ?? "")?.valid).toBe(true);
    const answer = await leaving.client.api("POST", "/zoom/disconnect");
    expect(answer.status).toBe(200);
    expect(await zoomOf(leaving.client)).toEqual({ available: true, connected: false, status: null, accountEmail: null });
    // Revoked at Zoom: the ZAK it gave no longer works.
    expect(standIn.zak(zak ?? "")?.valid).toBe(false);
    expect(await fetchZoomJoinToken(zoomDeps(), { userId: leaving.userId })).toBeNull();
  });

  it("needs a signed-in user and a returnUrl on this site", async () => {
    const { client } = await newUser();
    for (const returnUrl of ["https://evil.example/", "//evil.example/x"]) {
      expect((await client.api("POST", "/zoom/connect", { returnUrl })).status).toBe(400);
    }
    const anonymous = await fetch(`${web.url}/api/zoom`);
    expect(anonymous.status).toBe(401);
  });
});
