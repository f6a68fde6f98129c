import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, findConnectionByPushId } from "~/core/calendars/data";
import { calendarPollJob, calendarSyncJobName, enqueueCalendarSync } from "~/core/calendars/jobs";
import { createLogger } from "~/infra/logging/logger";
import { parseEnv } from "~/runtime/env";
import { createCalendarDeps } from "~/runtime/job-deps";
import {
  type CalendarWeb,
  connected,
  connectionOf,
  inHours,
  startCalendarWeb,
  titled,
  weekOf,
} from "../../../../test/support/calendar-web";
import { userIdOf } from "../../../../test/support/seed-notes";
import { databaseKinds } from "../../../../test/support/test-databases";
import { testWebBaseEnv } from "../../../../test/support/test-web";

// Keeping events in sync over real HTTP against the calendar stand-in, push on: forged push notifications
// refused and a genuine one followed to the changed event, 410 -> full resync, 429 -> "sync delayed" then
// recovery, a revoked grant -> reconnect, disconnect (revoke, events removed), Microsoft's rotated refresh
// tokens kept, and a 5,000-event calendar.

describe.each(databaseKinds)("calendar sync on %s", (kind) => {
  let cal: CalendarWeb;
  beforeAll(async () => {
    cal = await startCalendarWeb(kind);
  }, 60_000);
  afterAll(async () => {
    await cal?.stop();
  });

  /**
   * One live channel (Google) or subscription (Graph) at the stand-in, and the app has stored it: until
   * then the app answers the provider's pushes 404 (unknown), so a change made earlier would be missed.
   */
  async function pushOpened(email: string, kind: "channels" | "subscriptions"): Promise<void> {
    await expect
      .poll(
        async () => {
          const live = cal.standIn.state(email)[kind].filter((one) => one.live);
          const [only] = live;
          return (
            live.length === 1 && only !== undefined && (await findConnectionByPushId(cal.web.database.db, { pushId: only.id })) !== null
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  }

  it("refuses forged push notifications and follows a genuine one to the changed event", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("google", email, [{ id: "moveg1", title: "Review", start: inHours(27), end: inHours(28) }]);
    cal.standIn.seedEvents("microsoft", email, [{ id: "move-ms-1", title: "Sync", start: inHours(27), end: inHours(28) }]);
    await connected(client, "google_calendar");
    await connected(client, "microsoft_outlook");
    await pushOpened(email, "channels");
    await pushOpened(email, "subscriptions");
    const channel = cal.standIn.state(email).channels.find((one) => one.live);
    const subscription = cal.standIn.state(email).subscriptions.find((one) => one.live);
    if (!channel || !subscription) throw new Error("no push");

    const googlePush = (id: string, token: string) =>
      fetch(`${cal.web.url}/api/calendar/push/google`, {
        method: "POST",
        headers: { "X-Goog-Channel-ID": id, "X-Goog-Channel-Token": token, "X-Goog-Resource-State": "exists" },
      });
    expect((await googlePush(channel.id, "wrong-token")).status).toBe(401);
    expect((await googlePush("unknown-channel", channel.token ?? "")).status).toBe(404);
    const graphPush = (clientState: string) =>
      fetch(`${cal.web.url}/api/calendar/push/microsoft`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ value: [{ subscriptionId: subscription.id, clientState, changeType: "updated", resource: "me/events/x" }] }),
      });
    expect((await graphPush("forged")).status).toBe(401);
    const handshake = await fetch(`${cal.web.url}/api/calendar/push/microsoft?validationToken=${encodeURIComponent("hello <token>")}`, {
      method: "POST",
    });
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get("content-type")).toContain("text/plain");
    expect(await handshake.text()).toBe("hello <token>");

    cal.standIn.patchEvent("google", "moveg1", { title: "Review (moved)", start: inHours(29), end: inHours(30) });
    cal.standIn.patchEvent("microsoft", "move-ms-1", { title: "Sync (moved)" });
    await expect
      .poll(async () => (await weekOf(client)).map((event) => event.data.title).sort(), { timeout: 30_000 })
      .toEqual(["Review (moved)", "Sync (moved)"]);
    cal.standIn.cancelEvent("google", "moveg1");
    await expect.poll(async () => titled(await weekOf(client), "Review (moved)")?.data.isCancelled, { timeout: 30_000 }).toBe(true);
  });

  it("falls back to a full sync on 410, and says sync delayed on 429 until the retry succeeds", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("google", email, [{ id: "expg1", title: "Retro", start: inHours(27), end: inHours(28) }]);
    await connected(client, "google_calendar");
    await pushOpened(email, "channels");
    cal.standIn.invalidateSync("google", email);
    cal.standIn.patchEvent("google", "expg1", { title: "Retro after 410" });
    await expect.poll(async () => titled(await weekOf(client), "Retro after 410") !== undefined, { timeout: 30_000 }).toBe(true);

    // A Retry-After far longer than the test: the delayed state holds still however slow the machine is,
    // and the recovery is then started here rather than by the clock.
    cal.standIn.fault({ provider: "google", status: 429, count: 1, retryAfterSeconds: 60 });
    cal.standIn.patchEvent("google", "expg1", { title: "Retro after 429" });
    await expect.poll(async () => (await connectionOf(client, "google_calendar"))?.data.syncDelayed, { timeout: 30_000 }).toBe(true);
    const boss = cal.web.queue.boss;
    const connectionId = (await connectionOf(client, "google_calendar"))?.id ?? "";
    const retryOf = async () =>
      (await boss.findJobs<{ delayedRuns?: number }>(calendarSyncJobName, { key: connectionId, queued: true })).find(
        (job) => job.data.delayedRuns === 1,
      );
    // The retry waits for the provider's Retry-After (60 s), not pg-boss's own retry delay.
    await expect.poll(async () => (await retryOf()) !== undefined, { timeout: 30_000 }).toBe(true);
    const retry = await retryOf();
    if (!retry) throw new Error("no delayed retry queued");
    expect(retry.startAfter.getTime() - Date.now()).toBeGreaterThan(30_000);
    expect(titled(await weekOf(client), "Retro after 429")).toBeUndefined();
    expect((await connectionOf(client, "google_calendar"))?.data.syncDelayed).toBe(true);

    // The provider is back: the retry runs now (its queued slot freed for it; one queued sync per connection).
    await boss.deleteJob(calendarSyncJobName, retry.id);
    const userId = await userIdOf(cal.web.database.db, email);
    expect(await enqueueCalendarSync(boss, { userId, connectionId, delayedRuns: 1 })).not.toBeNull();
    await expect.poll(async () => titled(await weekOf(client), "Retro after 429") !== undefined, { timeout: 30_000 }).toBe(true);
    expect((await connectionOf(client, "google_calendar"))?.data.syncDelayed).toBe(false);
  });

  it("turns a revoked grant into reconnect, and disconnect revokes at Google and removes the events", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("google", email, [{ id: "revg1", title: "One", start: inHours(27), end: inHours(28) }]);
    await connected(client, "google_calendar");
    await pushOpened(email, "channels");
    cal.standIn.revoke("google", email);
    cal.standIn.seedEvents("google", email, [{ id: "revg2", title: "Two", start: inHours(29), end: inHours(30) }]);
    await expect.poll(async () => (await connectionOf(client, "google_calendar"))?.data.status, { timeout: 30_000 }).toBe("reconnect");
    // Still the user's calendar, waiting for consent again (decision 024): the flag stays, the events stay.
    const waiting = (await (await client.api("GET", "/user")).json()) as { payload: { integrations: Record<string, boolean> } };
    expect(waiting.payload.integrations.google_calendar).toBe(true);
    expect((await weekOf(client)).map((event) => event.data.title)).toEqual(["One"]);

    // Connecting again brings it back.
    await connected(client, "google_calendar");
    expect((await connectionOf(client, "google_calendar"))?.data.status).toBe("active");
    expect((await weekOf(client)).map((event) => event.data.title)).toEqual(["One", "Two"]);

    const grantsBefore = cal.standIn.state(email).grants.filter((grant) => grant.provider === "google" && !grant.revoked).length;
    expect(grantsBefore).toBeGreaterThan(0);
    const answer = await client.api("POST", "/calendar/disconnect", { platform: "google_calendar" });
    expect(answer.status).toBe(200);
    expect(cal.standIn.state(email).grants.filter((grant) => grant.provider === "google" && !grant.revoked)).toEqual([]);
    expect(cal.standIn.state(email).channels.filter((channel) => channel.live)).toEqual([]);
    expect(await connectionOf(client, "google_calendar")).toBeUndefined();
    expect(await weekOf(client)).toEqual([]);
    const user = (await (await client.api("GET", "/user")).json()) as { payload: { integrations: Record<string, boolean> } };
    expect(user.payload.integrations.google_calendar).toBe(false);
  });

  it("keeps Outlook syncing across token refreshes (the rotated refresh token is stored each time)", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("microsoft", email, [{ id: "rot-1", title: "Rotate", start: inHours(27), end: inHours(28) }]);
    await connected(client, "microsoft_outlook");
    await pushOpened(email, "subscriptions");
    for (const round of [1, 2]) {
      cal.standIn.expireTokens("microsoft", email);
      cal.standIn.patchEvent("microsoft", "rot-1", { title: `Rotate ${round}` });
      await expect.poll(async () => titled(await weekOf(client), `Rotate ${round}`) !== undefined, { timeout: 30_000 }).toBe(true);
    }
    expect((await connectionOf(client, "microsoft_outlook"))?.data.status).toBe("active");
    expect(cal.standIn.state(email).grants.find((grant) => grant.provider === "microsoft")?.refreshes).toBeGreaterThanOrEqual(2);
  });

  it("polls: every active connection gets a sync", async () => {
    const { client, email } = await cal.newUser();
    await connected(client, "google_calendar");
    const listCalls = () =>
      cal.standIn.store.requests.filter(
        (request) => request.email === email && request.route.endsWith("/events") && request.method === "GET",
      ).length;
    const before = listCalls();
    const calendar = createCalendarDeps(parseEnv({ AUTH_SECRET: testWebBaseEnv.AUTH_SECRET }), {
      db: cal.web.database.db,
      boss: cal.web.queue.boss,
      logger: createLogger("silent"),
      authSecret: testWebBaseEnv.AUTH_SECRET,
    });
    const context = { logger: createLogger("silent"), jobId: "poll-test", attempt: 1, signal: new AbortController().signal };
    await calendarPollJob(calendar).handle({}, context);
    await expect.poll(listCalls, { timeout: 30_000 }).toBeGreaterThan(before);
  });

  it("syncs a calendar of 5,000 events in the window", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.generateEvents("google", { email, count: 5_000, from: inHours(1), days: 20 });
    const connection = await connected(client, "google_calendar");
    const userId = await userIdOf(cal.web.database.db, email);
    expect(await countEvents(cal.web.database.db, { userId, connectionId: connection.id })).toBe(5_000);
    const events = await weekOf(client, new Date());
    expect(events.length).toBeGreaterThan(1_000);
    const pages = cal.standIn.state(email).requests;
    expect(Object.entries(pages).find(([route]) => route.includes("/events"))?.[1]).toBeGreaterThanOrEqual(20);
  }, 180_000);
});
