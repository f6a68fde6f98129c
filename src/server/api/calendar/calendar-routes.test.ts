import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import {
  type CalendarWeb,
  calendarsOf,
  connected,
  connectionOf,
  consent,
  inHours,
  startCalendarWeb,
  titled,
  weekOf,
} from "../../../../test/support/calendar-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, verifiedClient } from "../../../../test/support/test-web";

// The /api/calendar calls over real HTTP against the calendar stand-in: the connect round trip through the
// 302s, forged, replayed and stolen states, consent refused, the week's events (links found, all-day
// blocked, order), the active events, another user's ids (404), join toggles and preferences; and an
// install with no provider configured. Sync, push and recovery: calendar-sync.test.ts.

describe.each(databaseKinds)("calendar API on %s", (kind) => {
  let cal: CalendarWeb;
  beforeAll(async () => {
    cal = await startCalendarWeb(kind);
  }, 60_000);
  afterAll(async () => {
    await cal?.stop();
  });

  it("connects Google Calendar through OAuth and lists the week's events in order, links found, all-day blocked", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("google", email, [
      {
        id: "standupg1",
        title: "Standup",
        start: inHours(26),
        end: inHours(26.5),
        meetingUrl: "https://meet.google.com/abc-defg-hij",
        where: "conference",
      },
      { id: "lunchg1", title: "Lunch", start: inHours(25), end: inHours(26) },
      { id: "holidayg1", title: "Holiday", start: inHours(48).slice(0, 10), end: inHours(72).slice(0, 10), allDay: true },
      {
        id: "zoomdescg1",
        title: "Zoom in text",
        start: inHours(30),
        end: inHours(31),
        meetingUrl: "https://us02web.zoom.us/j/81234567890?pwd=abc",
        where: "description",
      },
    ]);
    const connection = await connected(client, "google_calendar");
    expect(connection.data).toMatchObject({ accountEmail: email, status: "active", syncDelayed: false });
    const user = (await (await client.api("GET", "/user")).json()) as {
      payload: { integrations: Record<string, boolean>; onboarding: Record<string, boolean> };
    };
    expect(user.payload.integrations.google_calendar).toBe(true);
    expect(user.payload.onboarding.calendarConnected).toBe(true);

    const events = await weekOf(client);
    expect(events.map((event) => event.data.title).sort()).toEqual(["Holiday", "Lunch", "Standup", "Zoom in text"]);
    expect(titled(events, "Standup")?.data).toMatchObject({
      calendarId: connection.id,
      calendarPlatform: "google_calendar",
      meetingPlatform: "google_meet",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      JoinEnabled: false,
      joinBlockedReason: null,
    });
    expect(titled(events, "Lunch")?.data.joinBlockedReason).toBe("no_meeting_link");
    expect(titled(events, "Holiday")?.data).toMatchObject({ isAllDay: true, joinBlockedReason: "all_day" });
    expect(titled(events, "Zoom in text")?.data.meetingPlatform).toBe("zoom");
    const starts = events.map((event) => Date.parse(event.data.start));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    const tooLong = await client.api("GET", `/calendar/event?startDate=${inHours(0)}&endDate=${inHours(24 * 32)}`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errorCode: string }).errorCode).toBe("CALENDAR_WINDOW_INVALID");
  });

  it("refuses a replayed, forged or another user's state, and says so on the return page", async () => {
    const { client } = await cal.newUser();
    const { callback, location } = await consent(client, "google_calendar", "/es/settings/calendar");
    expect(location).toBe("/es/settings/calendar?calendar=connected");
    const replay = await client.request("GET", callback);
    expect(replay.headers.get("location")).toBe("/settings/calendar?calendarError=invalid_state");

    const forged = await client.request("GET", "/api/calendar/oauth/google_calendar/callback?code=x&state=forged");
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toContain("calendarError=invalid_state");

    const start = await client.api("POST", "/calendar/connect", { platform: "microsoft_outlook", returnUrl: "/settings/calendar" });
    const provider = await fetch(((await start.json()) as { authorizationUrl: string }).authorizationUrl, { redirect: "manual" });
    const stolen = new URL(provider.headers.get("location") ?? "");
    const { client: other } = await cal.newUser();
    const theft = await other.request("GET", `${stolen.pathname}${stolen.search}`);
    expect(theft.headers.get("location")).toContain("calendarError=invalid_state");
    expect(await connectionOf(other, "microsoft_outlook")).toBeUndefined();
  });

  it("returns access_denied when the user refuses consent, and refuses a returnUrl on another site", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.denyNext("google", email);
    const { location } = await consent(client, "google_calendar");
    expect(location).toBe("/settings/calendar?calendarError=access_denied");
    expect(await connectionOf(client, "google_calendar")).toBeUndefined();
    const offsite = await client.api("POST", "/calendar/connect", { platform: "google_calendar", returnUrl: "//evil.example/x" });
    expect(offsite.status).toBe(400);
  });

  it("toggles join per event, keeps another user's ids out (404), and applies auto-join from the preferences", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("microsoft", email, [
      {
        id: "teams-1",
        title: "Planning",
        start: inHours(28),
        end: inHours(29),
        meetingUrl: "https://teams.microsoft.com/meet/123456789012?p=abc",
        where: "onlineMeeting",
      },
      { id: "nolink-1", title: "Focus", start: inHours(30), end: inHours(31) },
    ]);
    const connection = await connected(client, "microsoft_outlook");
    const events = await weekOf(client);
    expect(titled(events, "Planning")?.data.meetingPlatform).toBe("microsoft_teams");
    const ref = { calendarId: connection.id, eventId: titled(events, "Planning")?.data.eventId };

    const enabled = await client.api("POST", "/calendar/event/join-enable", ref);
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as { event: CalendarEvent }).event.data).toMatchObject({ JoinEnabled: true, joinSetting: true });
    const scheduled = titled(await weekOf(client), "Planning")?.data;
    expect(scheduled?.scheduledAt).toBe(new Date(Date.parse(scheduled?.start ?? "") - 60_000).toISOString());
    const disabled = await client.api("POST", "/calendar/event/join-disable", ref);
    expect(((await disabled.json()) as { event: CalendarEvent }).event.data).toMatchObject({
      JoinEnabled: false,
      joinSetting: false,
      scheduledAt: null,
    });

    const noLink = await client.api("POST", "/calendar/event/join-enable", {
      calendarId: connection.id,
      eventId: titled(events, "Focus")?.data.eventId,
    });
    expect(noLink.status).toBe(409);
    expect(await noLink.json()).toMatchObject({ errorCode: "CALENDAR_EVENT_NOT_JOINABLE", reason: "no_meeting_link" });

    const { client: other } = await cal.newUser();
    expect((await other.api("POST", "/calendar/event/join-enable", ref)).status).toBe(404);
    expect((await other.api("POST", "/calendar/event/join-disable", ref)).status).toBe(404);
    expect(await weekOf(other)).toEqual([]);

    expect((await calendarsOf(client)).preferences).toEqual({ autoJoin: false, sendNotes: false, recapRecipients: "owner" });
    const changed = await client.api("PUT", "/calendar/preferences", { autoJoin: true, recapRecipients: "attendees" });
    expect(await changed.json()).toEqual({ autoJoin: true, sendNotes: false, recapRecipients: "attendees" });
    // Planning keeps its own "off"; an event with no toggle of its own follows auto-join.
    const after = await weekOf(client);
    expect(titled(after, "Planning")?.data.JoinEnabled).toBe(false);
    await client.api("POST", "/calendar/event/join-enable", ref);
    expect(titled(await weekOf(client), "Planning")?.data.JoinEnabled).toBe(true);
    expect((await client.api("PUT", "/calendar/preferences", { autoJoin: "yes" })).status).toBe(400);
  });

  it("lists events in progress or starting within 10 minutes as active", async () => {
    const { client, email } = await cal.newUser();
    cal.standIn.seedEvents("google", email, [
      { id: "nowg1", title: "Now", start: inHours(-0.25), end: inHours(0.5), meetingUrl: "https://meet.google.com/aaa-bbbb-ccc" },
      { id: "soong1", title: "Soon", start: inHours(0.1), end: inHours(1) },
      { id: "laterg1", title: "Later", start: inHours(2), end: inHours(3) },
    ]);
    await connected(client, "google_calendar");
    const answer = await client.api("GET", "/calendar/event/active");
    const active = ((await answer.json()) as { events: CalendarEvent[] }).events.map((event) => event.data.title);
    expect(active).toEqual(["Now", "Soon"]);
  });
});

describe("calendar API with no provider configured", () => {
  let web: RunningWeb;
  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100", BOT_CAPACITY: "0", CALENDAR_POLL_MINUTES: "7" });
  }, 60_000);
  afterAll(async () => {
    await web?.stop();
  });

  it("offers nothing, refuses to connect, polls, and sends a signed-out callback back to the settings page", async () => {
    const client = await verifiedClient(web, "nocal@example.com");
    const list = await client.api("GET", "/calendar");
    expect(await list.json()).toMatchObject({ calendars: [], available: [], syncMode: "polling", pollMinutes: 7 });
    const connect = await client.api("POST", "/calendar/connect", { platform: "google_calendar", returnUrl: "/settings/calendar" });
    expect(connect.status).toBe(400);
    expect(((await connect.json()) as { errorCode: string }).errorCode).toBe("CALENDAR_PROVIDER_NOT_CONFIGURED");
    const signedOut = await fetch(`${web.url}/api/calendar/oauth/google_calendar/callback?code=x&state=y`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/settings/calendar?calendarError=invalid_state");
    expect((await fetch(`${web.url}/api/calendar`)).status).toBe(401);
  });
});
