import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarConnections, calendarEvents } from "~/infra/db/calendar-schema";
import type { RunningWeb } from "~/server/start-web";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { userIdOf } from "../../../../test/support/seed-notes";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// POST /api/calendar/event/send-bot over real HTTP (needs `npm run build`), no launcher in this web: the
// notetaker goes to the user's own event now, with the event's title and ids on the note, and the event
// says sentBotManually 'sent'; the plan's limits answer 402 as a pasted link does; another user's ids 404.

describe.each(databaseKinds)("calendar send-bot API on %s", (kind) => {
  let web: RunningWeb;
  let counter = 0;

  async function signedIn(language = "en"): Promise<{ client: TestClient; userId: string; connectionId: string }> {
    const email = `cal-bot${++counter}@example.com`;
    const client = await verifiedClient(web, email, language);
    const userId = await userIdOf(web.database.db, email);
    const [connection] = await web.database.db
      .insert(calendarConnections)
      .values({ userId, platform: "google_calendar", refreshTokenEnc: "sealed", accountEmail: email })
      .returning({ id: calendarConnections.id });
    if (!connection) throw new Error("no connection");
    return { client, userId, connectionId: connection.id };
  }

  async function newEvent(owner: { userId: string; connectionId: string }, meetingUrl: string | null) {
    const startsAt = new Date(Date.now() + 30 * 60_000);
    const providerEventId = `evt_${++counter}`;
    await web.database.db.insert(calendarEvents).values({
      userId: owner.userId,
      connectionId: owner.connectionId,
      providerEventId,
      title: `Design review ${counter}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      meetingUrl,
      meetingPlatform: meetingUrl ? "google_meet" : null,
    });
    return { calendarId: owner.connectionId, eventId: providerEventId, title: `Design review ${counter}` };
  }

  beforeAll(async () => {
    web = await startTestWeb(kind, {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-calendar-bot-")),
      EMBEDDED_WORKER: "false",
      BILLING_FREE_LIMITS: JSON.stringify({
        transcriptionMinutesPerMonth: 300,
        uploadsPerMonth: 5,
        concurrentMeetings: 1,
        recordingMinutes: 30,
      }),
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("sends the notetaker to the user's own event now; the note carries the event's title and ids", async () => {
    const owner = await signedIn("es");
    const ref = await newEvent(owner, "https://meet.google.com/abc-defg-hij");
    const answer = await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: ref.calendarId, eventId: ref.eventId });
    expect(answer.status).toBe(201);
    const { event } = (await answer.json()) as { event: CalendarEvent };
    expect(event.data).toMatchObject({
      eventId: ref.eventId,
      calendarId: ref.calendarId,
      calendarPlatform: "google_calendar",
      title: ref.title,
      sentBotManually: "sent",
      scheduledAt: null,
      bot: { code: "joining_call", isFinal: false },
    });
    const noteId = event.data.bot?.noteId ?? "";
    const note = (await (await owner.client.api("GET", `/notes/${noteId}`)).json()) as {
      note: { data: { title: string; type: string; calendarId: string | null; eventId: string | null } };
    };
    expect(note.note.data).toMatchObject({ type: "meeting", title: ref.title, calendarId: ref.calendarId, eventId: ref.eventId });
    const bot = (await (await owner.client.api("GET", `/notes/${noteId}/bot`)).json()) as { botName: string };
    expect(bot.botName).toBe("Parley Notetaker (Test)");

    // The same meeting again: the bot is there already.
    const again = await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: ref.calendarId, eventId: ref.eventId });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errorCode: "BOT_ALREADY_IN_MEETING", noteId });
  });

  it("answers 402 over the plan's meetings at once, as a pasted link does", async () => {
    const owner = await signedIn();
    const first = await newEvent(owner, "https://meet.google.com/lim-itsz-one");
    const second = await newEvent(owner, "https://meet.google.com/lim-itsz-two");
    expect(
      (await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: first.calendarId, eventId: first.eventId })).status,
    ).toBe(201);
    const over = await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: second.calendarId, eventId: second.eventId });
    expect(over.status).toBe(402);
    expect(await over.json()).toMatchObject({ errorCode: "BOT_CONCURRENCY_LIMIT", errorSource: "concurrent_meetings", limit: 1 });
  });

  it("refuses an event without a meeting link, and answers 404 for another user's or unknown ids", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const noLink = await newEvent(owner, null);
    const theirs = await newEvent(other, "https://meet.google.com/oth-erss-usr");
    const refused = await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: noLink.calendarId, eventId: noLink.eventId });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errorCode: "MEETING_LINK_INVALID" });
    const cases = [
      { calendarId: theirs.calendarId, eventId: theirs.eventId },
      // Another user's event id under the user's own calendar id.
      { calendarId: owner.connectionId, eventId: theirs.eventId },
      { calendarId: "00000000-0000-4000-8000-000000000000", eventId: "nope" },
    ];
    for (const ref of cases) {
      const answer = await owner.client.api("POST", "/calendar/event/send-bot", ref);
      expect(answer.status, JSON.stringify(ref)).toBe(404);
      expect(await answer.json()).toMatchObject({ errorCode: "NOT_FOUND" });
    }
    const bad = await owner.client.api("POST", "/calendar/event/send-bot", { calendarId: "not-a-uuid", eventId: "x" });
    expect(bad.status).toBe(400);
  });

  it("needs a signed-in user", async () => {
    const answer = await fetch(`${web.url}/api/calendar/event/send-bot`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ calendarId: "00000000-0000-4000-8000-000000000000", eventId: "x" }),
    });
    expect([401, 403]).toContain(answer.status);
  });
});
