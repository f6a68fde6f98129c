import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect, send } from "./oauth-client";
import { type PushReceiver, startPushReceiver } from "./push-receiver";
import { type CalendarStandIn, startCalendarStandIn } from "./server";

// Microsoft Graph calendar over real HTTP as the app will call it: calendarView with the Prefer zone,
// occurrences of a series, paging; delta with skip and delta tokens, @removed and 410; subscriptions
// with the validation handshake, notifications and the 4230-minute limit.

let standIn: CalendarStandIn;
let receiver: PushReceiver;
let token: string;
const email = "outlook@example.com";
const graph = () => `${standIn.url}/graph/v1.0`;
type GraphItem = Record<string, unknown> & { id: string; start?: { dateTime: string; timeZone: string } };
const itemsIn = (body: Record<string, unknown>) => body.value as GraphItem[];
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

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
  receiver.mode = "echo";
  token = (await connect(standIn.url, "microsoft", email)).accessToken;
});

describe("Graph calendarView", () => {
  it("answers occurrences in the window, in the Prefer zone, with Graph's shapes and paging", async () => {
    standIn.seedEvents("microsoft", email, [
      {
        id: "teams1",
        title: "Review",
        start: "2026-11-25T10:00:00Z",
        end: "2026-11-25T10:45:00Z",
        meetingUrl: "https://teams.microsoft.com/l/meetup-join/abc",
        attendees: [{ email: "x@example.com", name: "X" }],
      },
      {
        id: "series1",
        title: "Sync",
        start: "2026-11-23T09:00:00Z",
        end: "2026-11-23T09:30:00Z",
        recurrence: ["RRULE:FREQ=DAILY;COUNT=4"],
      },
      {
        id: "loc1",
        title: "Visit",
        start: "2026-11-24T12:00:00Z",
        end: "2026-11-24T13:00:00Z",
        meetingUrl: "https://zoom.us/j/42",
        where: "location",
      },
    ]);
    const window = "startDateTime=2026-11-24T00:00:00Z&endDateTime=2026-11-27T00:00:00Z";
    const utc = await api(`${graph()}/me/calendarView?${window}`, token, { Prefer: 'outlook.timezone="UTC"' });
    expect(utc.headers.get("preference-applied")).toBe('outlook.timezone="UTC"');
    const items = itemsIn(utc.body);
    expect(items.map((item) => [item.id, item.type])).toEqual([
      ["series1_20261124T090000Z", "occurrence"],
      ["loc1", "singleInstance"],
      ["series1_20261125T090000Z", "occurrence"],
      ["teams1", "singleInstance"],
      ["series1_20261126T090000Z", "occurrence"],
    ]);
    expect(items[0]).toMatchObject({ seriesMasterId: "series1", start: { dateTime: "2026-11-24T09:00:00.0000000", timeZone: "UTC" } });
    expect(items[1]).toMatchObject({ location: { displayName: "https://zoom.us/j/42" }, isOnlineMeeting: false, onlineMeeting: null });
    expect(items[3]).toMatchObject({
      subject: "Review",
      isOnlineMeeting: true,
      onlineMeetingProvider: "teamsForBusiness",
      onlineMeeting: { joinUrl: "https://teams.microsoft.com/l/meetup-join/abc" },
      isCancelled: false,
      organizer: { emailAddress: { address: email } },
      attendees: [{ type: "required", status: { response: "none" }, emailAddress: { name: "X", address: "x@example.com" } }],
    });

    const tokyo = await api(`${graph()}/me/calendarView?${window}&$select=subject,start`, token, {
      Prefer: 'outlook.timezone="Asia/Tokyo"',
    });
    expect(itemsIn(tokyo.body)[3]).toEqual({
      "@odata.etag": expect.any(String),
      id: "teams1",
      subject: "Review",
      start: { dateTime: "2026-11-25T19:00:00.0000000", timeZone: "Asia/Tokyo" },
    });

    const first = await api(`${graph()}/me/calendarView?${window}&$top=2`, token);
    expect(itemsIn(first.body)).toHaveLength(2);
    const next = String(first.body["@odata.nextLink"]);
    expect(next).toContain("$skip=2");
    const second = await api(next, token);
    expect(itemsIn(second.body).map((item) => item.id)).toEqual(["series1_20261125T090000Z", "teams1"]);
    expect((await api(`${graph()}/me/calendarView`, token)).status).toBe(400);
  });
});

describe("Graph calendarView delta", () => {
  it("pages to a deltaLink, then reports changes with @removed, and answers 410 once invalidated", async () => {
    standIn.generateEvents("microsoft", { email, count: 120, from: "2026-11-01T08:00:00Z", days: 10 });
    const window = "startDateTime=2026-11-01T00:00:00Z&endDateTime=2026-12-01T00:00:00Z";
    const seen: GraphItem[] = [];
    let link = `${graph()}/me/calendarView/delta?${window}`;
    let deltaLink = "";
    while (!deltaLink) {
      const page = await api(link, token, { Prefer: "odata.maxpagesize=50" });
      seen.push(...itemsIn(page.body));
      if (page.body["@odata.nextLink"]) link = String(page.body["@odata.nextLink"]);
      else deltaLink = String(page.body["@odata.deltaLink"]);
    }
    expect(seen).toHaveLength(120);
    expect(link).toContain("$skiptoken=");
    expect(deltaLink).toContain("$deltatoken=");

    const [moved, cancelled, deleted, outside] = seen.map((item) => item.id);
    standIn.patchEvent("microsoft", String(moved), { start: "2026-11-20T10:00:00Z", end: "2026-11-20T11:00:00Z" });
    standIn.cancelEvent("microsoft", String(cancelled));
    standIn.deleteEvent("microsoft", String(deleted));
    standIn.patchEvent("microsoft", String(outside), { start: "2027-01-05T10:00:00Z", end: "2027-01-05T11:00:00Z" });
    const changes = await api(deltaLink, token);
    expect(itemsIn(changes.body).map((item) => [item.id, item["@removed"] ?? item.start?.dateTime])).toEqual([
      [moved, "2026-11-20T10:00:00.0000000"],
      [cancelled, { reason: "deleted" }],
      [deleted, { reason: "deleted" }],
      [outside, { reason: "deleted" }],
    ]);
    expect(itemsIn(changes.body)[1]).toEqual({ "@odata.type": "#microsoft.graph.event", id: cancelled, "@removed": { reason: "deleted" } });
    const again = String(changes.body["@odata.deltaLink"]);
    expect(itemsIn((await api(again, token)).body)).toEqual([]);

    standIn.invalidateSync("microsoft", email);
    expect(await api(again, token)).toMatchObject({ status: 410, body: { error: { code: "SyncStateNotFound" } } });
  });
});

describe("Graph subscriptions", () => {
  const subscribe = (overrides: Record<string, unknown> = {}) =>
    send("POST", `${graph()}/subscriptions`, token, {
      changeType: "created,updated,deleted",
      notificationUrl: receiver.url,
      resource: "me/events",
      expirationDateTime: inMinutes(4000),
      clientState: "secret-1",
      ...overrides,
    });

  it("validates the endpoint first, then notifies each change with clientState", async () => {
    const created = await subscribe();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: "me/events", changeType: "created,updated,deleted", clientState: "secret-1" });
    const [validation] = receiver.received;
    const validationToken = new URL(String(validation?.url), "http://x").searchParams.get("validationToken");
    expect(validationToken).toMatch(/^Validation: Testing client application reachability/);
    expect(validation?.headers["content-type"]).toMatch(/^text\/plain/);

    const [id] = standIn.seedEvents("microsoft", email, [{ start: "2026-11-25T10:00:00Z", end: "2026-11-25T11:00:00Z" }]);
    standIn.deleteEvent("microsoft", String(id));
    const deliveries = await standIn.settled();
    expect(deliveries.map((d) => [d.kind, d.status])).toEqual([
      ["subscription-validation", 200],
      ["subscription-notification", 202],
      ["subscription-notification", 202],
    ]);
    const [, createdNote, deletedNote] = receiver.received.map((r) => (r.body ? JSON.parse(r.body) : null));
    expect(createdNote.value[0]).toMatchObject({
      subscriptionId: created.body.id,
      changeType: "created",
      clientState: "secret-1",
      resource: expect.stringMatching(new RegExp(`^Users/[0-9a-f-]{36}/Events/${id}$`)),
      resourceData: { "@odata.type": "#Microsoft.Graph.Event", id },
      tenantId: expect.any(String),
    });
    expect(deletedNote.value[0].changeType).toBe("deleted");

    const renewed = await send("PATCH", `${graph()}/subscriptions/${created.body.id}`, token, { expirationDateTime: inMinutes(4200) });
    expect(renewed.status).toBe(200);
    expect((await send("DELETE", `${graph()}/subscriptions/${created.body.id}`, token)).status).toBe(204);
    standIn.seedEvents("microsoft", email, [{ start: "2026-11-26T10:00:00Z", end: "2026-11-26T11:00:00Z" }]);
    expect(await standIn.settled()).toHaveLength(3);
    expect((await send("DELETE", `${graph()}/subscriptions/${created.body.id}`, token)).status).toBe(404);
  });

  it("refuses a failed handshake and an expiration beyond 4230 minutes", async () => {
    receiver.mode = "wrong-token";
    expect(await subscribe()).toMatchObject({ status: 400, body: { error: { code: "ValidationError" } } });
    receiver.mode = "status-500";
    expect(await subscribe()).toMatchObject({ status: 400, body: { error: { code: "ValidationError" } } });
    receiver.mode = "echo";
    expect((await subscribe({ expirationDateTime: inMinutes(4231) })).status).toBe(400);
    expect(standIn.state(email).subscriptions).toEqual([]);
  });

  it("drops subscriptions when access is revoked and says so at the lifecycle URL", async () => {
    const created = await subscribe({ lifecycleNotificationUrl: `${receiver.url}/lifecycle` });
    standIn.revoke("microsoft", email);
    const deliveries = await standIn.settled();
    expect(deliveries.at(-1)).toMatchObject({ kind: "lifecycle", subscriptionId: created.body.id });
    expect(JSON.parse(String(deliveries.at(-1)?.body)).value[0].lifecycleEvent).toBe("subscriptionRemoved");
    expect(standIn.state(email).subscriptions).toMatchObject([{ deleted: true, live: false }]);
  });
});
