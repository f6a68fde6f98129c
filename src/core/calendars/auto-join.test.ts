import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { type CalendarWeb, connected, inHours, startCalendarWeb, titled, weekOf } from "../../../test/support/calendar-web";
import { databaseKinds } from "../../../test/support/test-databases";
import type { TestClient } from "../../../test/support/test-web";

// The automatic notetaker wired end to end over real HTTP, the calendar stand-in pushing changes to the app:
// turning auto-join on sends the bot for the event starting now (through the preferences hook and the
// calendar.dispatch job) and not for a later one; the provider moving the event far ahead calls the bot off
// and schedules it again; cancelling it cancels the bot. No launcher here (BOT_CAPACITY=0): the bot's note
// and status are what the product shows.
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe.each(databaseKinds)("auto-join through the calendar on %s", (kind) => {
  let cal: CalendarWeb;
  beforeAll(async () => {
    cal = await startCalendarWeb(kind);
  }, 60_000);
  afterAll(async () => {
    await cal?.stop();
  });

  const eventOf = async (client: TestClient, title: string): Promise<CalendarEvent["data"] | undefined> =>
    titled(await weekOf(client), title)?.data;

  it("sends the bot for the event starting now once auto-join is on, moves it with the event and cancels it with it", async () => {
    const { client, email } = await cal.newUser();
    const [nowId, , cancelId] = cal.standIn.seedEvents("google", email, [
      { title: "Standup now", start: inSeconds(30), end: inHours(0.5), meetingUrl: "https://meet.google.com/now-meet-nga" },
      { title: "Later review", start: inHours(3), end: inHours(4), meetingUrl: "https://meet.google.com/lat-errr-evw" },
      { title: "Sync to cancel", start: inSeconds(45), end: inHours(1), meetingUrl: "https://meet.google.com/can-celm-eet" },
    ]);
    const connection = await connected(client, "google_calendar");
    // Auto-join is off by default (interpretations 30): nothing is sent.
    expect((await eventOf(client, "Standup now"))?.bot).toBeNull();

    expect((await client.api("PUT", "/calendar/preferences", { autoJoin: true })).status).toBe(200);
    await expect.poll(async () => (await eventOf(client, "Standup now"))?.bot?.noteId ?? null, { timeout: 30_000 }).not.toBeNull();
    const standup = await eventOf(client, "Standup now");
    expect(standup).toMatchObject({ sentBotManually: null, skipReason: null, bot: { code: "joining_call", isFinal: false } });
    const later = await eventOf(client, "Later review");
    expect(later).toMatchObject({ bot: null, JoinEnabled: true });
    expect(later?.scheduledAt).toBe(new Date(Date.parse(later?.start ?? "") - 60_000).toISOString());
    const note = (await (await client.api("GET", `/notes/${standup?.bot?.noteId}`)).json()) as {
      note: { data: { title: string; calendarId: string | null; eventId: string | null } };
    };
    expect(note.note.data).toEqual(expect.objectContaining({ title: "Standup now", calendarId: connection.id, eventId: standup?.eventId }));
    await expect.poll(async () => (await eventOf(client, "Sync to cancel"))?.bot?.noteId ?? null, { timeout: 30_000 }).not.toBeNull();
    const cancelNote = (await eventOf(client, "Sync to cancel"))?.bot?.noteId;

    // Moved two hours ahead at the provider: the bot is called off, the event waits for its new time.
    cal.standIn.patchEvent("google", nowId ?? "", { start: inHours(2), end: inHours(2.5) });
    await expect.poll(async () => (await eventOf(client, "Standup now"))?.bot ?? null, { timeout: 30_000 }).toBeNull();
    const moved = await eventOf(client, "Standup now");
    expect(moved?.scheduledAt).toBe(new Date(Date.parse(moved?.start ?? "") - 60_000).toISOString());
    const first = (await (await client.api("GET", `/notes/${standup?.bot?.noteId}`)).json()) as {
      note: { data: { meeting: { code: string } } };
    };
    expect(first.note.data.meeting.code).toBe("done");

    // Cancelled at the provider: its bot is cancelled, the event keeps the note and says what happened.
    cal.standIn.cancelEvent("google", cancelId ?? "", email);
    await expect.poll(async () => (await eventOf(client, "Sync to cancel"))?.bot?.isFinal ?? false, { timeout: 30_000 }).toBe(true);
    expect((await eventOf(client, "Sync to cancel"))?.bot?.noteId).toBe(cancelNote);
  });
});
