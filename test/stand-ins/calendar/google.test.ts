import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect, send } from "./oauth-client";
import { type PushReceiver, startPushReceiver } from "./push-receiver";
import { type CalendarStandIn, startCalendarStandIn } from "./server";

// Google Calendar v3 over real HTTP as the app will call it: window bounds, event shapes, instance
// expansion, paging, sync tokens and 410, faults, and push channels with Google's headers.

let standIn: CalendarStandIn;
let receiver: PushReceiver;
let token: string;
const email = "cal@example.com";
const events = () => `${standIn.url}/google/calendar/v3/calendars/primary/events`;
const list = async (query: Record<string, string>) => api(`${events()}?${new URLSearchParams(query)}`, token);
type Item = Record<string, unknown> & { id: string; start?: Record<string, string>; end?: Record<string, string> };
const itemsOf = (body: Record<string, unknown>) => body.items as Item[];

beforeAll(async () => {
  standIn = await startCalendarStandIn();
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});
beforeEach(async () => {
  standIn.reset();
  receiver.received.length = 0;
  token = (await connect(standIn.url, "google", email)).accessToken;
});

describe("Google events.list", () => {
  it("bounds timeMin on the end and timeMax on the start (both exclusive) and shapes events as Google does", async () => {
    standIn.seedEvents("google", email, [
      {
        id: "meet1",
        title: "Standup",
        start: "2026-11-25T10:00:00Z",
        end: "2026-11-25T11:00:00Z",
        meetingUrl: "https://meet.google.com/abc-defg-hij",
        attendees: [{ email: "x@example.com" }],
      },
      {
        id: "allday1",
        title: "Offsite",
        start: "2026-11-26",
        end: "2026-11-26",
        allDay: true,
        meetingUrl: "https://zoom.us/j/123?pwd=a&b=c",
        where: "description",
      },
      { id: "berlin1", title: "Call", start: "2026-11-25T09:00:00+01:00", end: "2026-11-25T09:30:00+01:00", timeZone: "Europe/Berlin" },
    ]);
    const ids = async (timeMin: string, timeMax: string) => itemsOf((await list({ timeMin, timeMax })).body).map((item) => item.id);
    expect(await ids("2026-11-25T11:00:00Z", "2026-11-28T00:00:00Z")).toEqual(["allday1"]);
    expect(await ids("2026-11-25T10:59:59Z", "2026-11-28T00:00:00Z")).toEqual(["meet1", "allday1"]);
    expect(await ids("2026-11-25T00:00:00Z", "2026-11-25T10:00:00Z")).toEqual(["berlin1"]);

    const { body } = await list({ timeZone: "Europe/Berlin", singleEvents: "true", orderBy: "startTime" });
    expect(body).toMatchObject({ kind: "calendar#events", accessRole: "owner", defaultReminders: [], timeZone: "UTC" });
    expect(body.nextSyncToken).toEqual(expect.any(String));
    const [berlin, meet, allDay] = itemsOf(body);
    expect(berlin?.start).toEqual({ dateTime: "2026-11-25T09:00:00+01:00", timeZone: "Europe/Berlin" });
    expect(meet).toMatchObject({
      kind: "calendar#event",
      status: "confirmed",
      summary: "Standup",
      hangoutLink: "https://meet.google.com/abc-defg-hij",
      conferenceData: {
        entryPoints: [{ entryPointType: "video", uri: "https://meet.google.com/abc-defg-hij" }],
        conferenceSolution: { key: { type: "hangoutsMeet" } },
        conferenceId: "abc-defg-hij",
      },
      organizer: { email, self: true },
      eventType: "default",
    });
    expect(meet?.attendees).toEqual([
      { email, displayName: "Cal User", organizer: true, self: true, responseStatus: "accepted" },
      { email: "x@example.com", displayName: "X User", responseStatus: "needsAction" },
    ]);
    expect(allDay).toMatchObject({ start: { date: "2026-11-26" }, end: { date: "2026-11-27" } });
    expect(allDay?.description).toContain('href="https://zoom.us/j/123?pwd=a&amp;b=c"');
    expect((await list({})).body.items).toHaveLength(3);
  });

  it("expands series at the same wall time across DST, with instance ids, and lists a series whole without singleEvents", async () => {
    standIn.seedEvents("google", email, [
      {
        id: "daily1",
        title: "Daily",
        start: "2026-10-23T09:00:00+02:00",
        end: "2026-10-23T09:15:00+02:00",
        timeZone: "Europe/Berlin",
        recurrence: ["RRULE:FREQ=DAILY;COUNT=5"],
      },
      {
        id: "weekly1",
        title: "Weekly",
        start: "2026-10-20T15:00:00Z",
        end: "2026-10-20T16:00:00Z",
        recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"],
      },
    ]);
    const { body } = await list({ singleEvents: "true", orderBy: "startTime", timeMin: "2026-10-01T00:00:00Z" });
    const daily = itemsOf(body).filter((item) => item.recurringEventId === "daily1");
    expect(daily.map((item) => item.id)).toEqual([
      "daily1_20261023T070000Z",
      "daily1_20261024T070000Z",
      "daily1_20261025T080000Z",
      "daily1_20261026T080000Z",
      "daily1_20261027T080000Z",
    ]);
    expect(daily[2]).toMatchObject({
      start: { dateTime: "2026-10-25T08:00:00Z", timeZone: "Europe/Berlin" },
      originalStartTime: { dateTime: "2026-10-25T08:00:00Z", timeZone: "Europe/Berlin" },
    });
    expect(
      itemsOf(body)
        .filter((item) => item.recurringEventId === "weekly1")
        .map((item) => item.start?.dateTime),
    ).toEqual(["2026-10-20T15:00:00Z", "2026-10-27T15:00:00Z", "2026-11-03T15:00:00Z"]);
    const whole = itemsOf((await list({})).body);
    expect(whole.map((item) => [item.id, item.recurrence])).toEqual([
      ["daily1", ["RRULE:FREQ=DAILY;COUNT=5"]],
      ["weekly1", ["RRULE:FREQ=WEEKLY;COUNT=3"]],
    ]);
    expect((await list({ orderBy: "startTime" })).status).toBe(400);
    expect((await list({ timeMin: "2026-10-02T00:00:00Z", timeMax: "2026-10-01T00:00:00Z" })).status).toBe(400);
  });

  it("pages with nextPageToken, gives nextSyncToken on the last page only, then syncs changes incl. cancelled", async () => {
    standIn.generateEvents("google", { email, count: 600, from: "2026-11-01T08:00:00Z", days: 30 });
    const pages: Record<string, unknown>[] = [];
    let pageToken: string | undefined;
    do {
      const { body } = await list({ singleEvents: "true", ...(pageToken ? { pageToken } : {}) });
      pages.push(body);
      pageToken = body.nextPageToken as string | undefined;
    } while (pageToken);
    expect(pages.map((page) => itemsOf(page).length)).toEqual([250, 250, 100]);
    expect(pages.map((page) => page.nextSyncToken === undefined)).toEqual([true, true, false]);
    const syncToken = String(pages[2]?.nextSyncToken);
    const [first, second, third] = itemsOf(pages[0] ?? {}).map((item) => item.id);

    standIn.patchEvent("google", String(first), { start: "2026-12-01T10:00:00Z", end: "2026-12-01T10:30:00Z" });
    standIn.cancelEvent("google", String(second));
    standIn.deleteEvent("google", String(third));
    standIn.seedEvents("google", email, [{ id: "new1", start: "2026-11-05T10:00:00Z", end: "2026-11-05T11:00:00Z" }]);
    const { body } = await list({ syncToken, singleEvents: "true" });
    expect(itemsOf(body).map((item) => [item.id, item.status])).toEqual([
      [first, "confirmed"],
      [second, "cancelled"],
      [third, "cancelled"],
      ["new1", "confirmed"],
    ]);
    expect(itemsOf(body)[1]).toEqual({
      kind: "calendar#event",
      etag: expect.any(String),
      id: second,
      status: "cancelled",
      updated: expect.any(String),
    });
    const next = String(body.nextSyncToken);
    expect(itemsOf((await list({ syncToken: next })).body)).toEqual([]);

    expect((await list({ syncToken: next, timeMin: "2026-11-01T00:00:00Z" })).status).toBe(400);
    standIn.invalidateSync("google", email);
    expect(await list({ syncToken: next })).toMatchObject({
      status: 410,
      body: {
        error: { code: 410, message: "Sync token is no longer valid, a full sync is required.", errors: [{ reason: "fullSyncRequired" }] },
      },
    });
  });

  it("lists 5,000 events in pages quickly", async () => {
    standIn.generateEvents("google", { email, count: 5000, from: "2026-11-01T00:00:00Z", days: 60 });
    const started = performance.now();
    let seen = 0;
    let pageToken: string | undefined;
    do {
      const { body } = await list({
        singleEvents: "true",
        orderBy: "startTime",
        maxResults: "100",
        timeMin: "2026-10-01T00:00:00Z",
        ...(pageToken ? { pageToken } : {}),
      });
      seen += itemsOf(body).length;
      pageToken = body.nextPageToken as string | undefined;
    } while (pageToken);
    expect(seen).toBe(5000);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("fails the next API calls with a queued fault (429 with Retry-After), but never OAuth", async () => {
    standIn.fault({ provider: "google", status: 429, count: 2, retryAfterSeconds: 7 });
    const limited = await list({});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body).toMatchObject({ error: { code: 429, errors: [{ reason: "rateLimitExceeded" }], status: "RESOURCE_EXHAUSTED" } });
    await connect(standIn.url, "google", email);
    expect((await list({})).status).toBe(429);
    expect((await list({})).status).toBe(200);
  });
});

describe("Google push channels", () => {
  it("sends sync at watch, exists on each change with X-Goog headers, and nothing after stop", async () => {
    const watch = await send("POST", `${events()}/watch`, token, { id: "chan-1", type: "web_hook", address: receiver.url, token: "t=1" });
    expect(watch.status).toBe(200);
    expect(watch.body).toMatchObject({ kind: "api#channel", id: "chan-1", resourceId: expect.any(String), token: "t=1" });
    expect(Number(watch.body.expiration)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const [sync] = await receiver.waitFor(1);
    expect(sync?.body).toBe("");
    expect(sync?.headers).toMatchObject({
      "x-goog-channel-id": "chan-1",
      "x-goog-channel-token": "t=1",
      "x-goog-resource-id": watch.body.resourceId,
      "x-goog-resource-uri": watch.body.resourceUri,
      "x-goog-resource-state": "sync",
      "x-goog-message-number": "1",
    });
    expect(Date.parse(String(sync?.headers["x-goog-channel-expiration"]))).toBeGreaterThan(Date.now());

    standIn.seedEvents("google", email, [{ start: "2026-11-25T10:00:00Z", end: "2026-11-25T11:00:00Z" }]);
    const [, exists] = await receiver.waitFor(2);
    expect(exists?.headers).toMatchObject({ "x-goog-resource-state": "exists", "x-goog-message-number": "2" });
    expect((await standIn.settled()).map((d) => [d.kind, d.status])).toEqual([
      ["channel-sync", 202],
      ["channel-exists", 202],
    ]);

    expect((await send("POST", `${events()}/watch`, token, { id: "chan-1", type: "web_hook", address: receiver.url })).status).toBe(400);
    const stop = await send("POST", `${standIn.url}/google/calendar/v3/channels/stop`, token, {
      id: "chan-1",
      resourceId: watch.body.resourceId,
    });
    expect(stop.status).toBe(204);
    standIn.seedEvents("google", email, [{ start: "2026-11-26T10:00:00Z", end: "2026-11-26T11:00:00Z" }]);
    await standIn.settled();
    expect(receiver.received).toHaveLength(2);
    expect((await send("POST", `${standIn.url}/google/calendar/v3/channels/stop`, token, { id: "nope", resourceId: "x" })).status).toBe(
      404,
    );
    expect(standIn.state(email).channels).toMatchObject([{ id: "chan-1", stopped: true, live: false, messages: 2 }]);
  });
});
