import { describe, expect, it } from "vitest";
import { ProviderUnavailableError } from "../oauth/oauth-client";
import { SyncExpiredError } from "./calendar-http";
import { createGoogleCalendarClient } from "./google-calendar-client";
import { createGraphCalendarClient } from "./graph-calendar-client";

// The two clients against a scripted fetch: the query they send, how they page, and how they read
// refusals (401 refreshes once, 410 / SyncStateNotFound -> SyncExpiredError, 429/5xx -> outage).

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function scripted(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: new URL(String(input)),
      method: init?.method ?? "GET",
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as typeof fetch;
  return { sent, fetcher };
}
const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function tokens() {
  const asked: boolean[] = [];
  const source = async ({ force }: { force: boolean }) => {
    asked.push(force);
    return force ? "fresh-token" : "old-token";
  };
  return { asked, source };
}
const googleUrls = {
  apiUrl: "https://cal.test/calendar/v3",
  userinfoUrl: "https://cal.test/userinfo",
  revokeUrl: "https://cal.test/revoke",
};
const window = { start: new Date("2026-11-24T00:00:00Z"), end: new Date("2026-12-22T00:00:00Z") };

describe("Google Calendar client", () => {
  it("lists a window of single events 250 at a time and hands back the sync token on the last page", async () => {
    const { sent, fetcher } = scripted([
      json({
        items: [{ id: "a", start: { dateTime: "2026-11-25T10:00:00Z" }, end: { dateTime: "2026-11-25T11:00:00Z" } }],
        nextPageToken: "p2",
      }),
      json({ items: [{ id: "b", status: "cancelled" }], nextSyncToken: "sync-1" }),
    ]);
    const client = createGoogleCalendarClient(googleUrls, { accessToken: tokens().source, fetcher });
    const first = await client.listEvents({ window }, null);
    expect(first).toMatchObject({ nextPage: "p2", cursor: null });
    const second = await client.listEvents({ window }, "p2");
    expect(second).toEqual({ changes: [{ providerEventId: "b", removed: true }], nextPage: null, cursor: "sync-1" });
    const query = Object.fromEntries(sent[0]?.url.searchParams ?? []);
    expect(sent[0]?.url.pathname).toBe("/calendar/v3/calendars/primary/events");
    expect(query).toMatchObject({
      singleEvents: "true",
      maxResults: "250",
      timeMin: window.start.toISOString(),
      timeMax: window.end.toISOString(),
    });
    expect(sent[1]?.url.searchParams.get("pageToken")).toBe("p2");
    expect(sent[0]?.headers.authorization).toBe("Bearer old-token");
  });

  it("sends a sync token alone, and reads 410 as an expired sync", async () => {
    const { sent, fetcher } = scripted([json({ error: { code: 410, message: "Sync token is no longer valid" } }, 410)]);
    const client = createGoogleCalendarClient(googleUrls, { accessToken: tokens().source, fetcher });
    await expect(client.listEvents({ syncToken: "old" }, null)).rejects.toBeInstanceOf(SyncExpiredError);
    expect(sent[0]?.url.searchParams.get("syncToken")).toBe("old");
    expect(sent[0]?.url.searchParams.has("timeMin")).toBe(false);
  });

  it("refreshes the token once on 401, and reads 429 as an outage with its Retry-After", async () => {
    const access = tokens();
    const { sent, fetcher } = scripted([
      json({}, 401),
      json({ email: "ana@example.com" }),
      json({ error: "rate" }, 429, { "retry-after": "7" }),
    ]);
    const client = createGoogleCalendarClient(googleUrls, { accessToken: access.source, fetcher });
    expect(await client.accountEmail()).toBe("ana@example.com");
    expect(access.asked).toEqual([false, true]);
    expect(sent[1]?.headers.authorization).toBe("Bearer fresh-token");
    const outage = await client.listEvents({ window }, null).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(ProviderUnavailableError);
    expect(outage).toMatchObject({ status: 429, retryAfterSeconds: 7 });
  });

  it("opens a channel with its token and stops it by id and resource id", async () => {
    const { sent, fetcher } = scripted([
      json({ kind: "api#channel", id: "ch-1", resourceId: "res-1", expiration: "1790000000000" }),
      () => new Response(null, { status: 204 }),
    ]);
    const client = createGoogleCalendarClient(googleUrls, { accessToken: tokens().source, fetcher });
    const channel = await client.watch({
      channelId: "ch-1",
      address: "https://app.test/api/calendar/push/google",
      token: "secret",
      ttlSeconds: 3600,
    });
    expect(channel).toEqual({ channelId: "ch-1", resourceId: "res-1", expiresAt: new Date(1790000000000) });
    expect(sent[0]?.body).toMatchObject({
      id: "ch-1",
      type: "web_hook",
      address: "https://app.test/api/calendar/push/google",
      token: "secret",
    });
    await client.stopChannel({ channelId: "ch-1", resourceId: "res-1" });
    expect(sent[1]?.url.pathname).toBe("/calendar/v3/channels/stop");
  });
});

describe("Graph calendar client", () => {
  it("opens calendarView delta on the window in UTC pages, follows nextLink and keeps the deltaLink", async () => {
    const { sent, fetcher } = scripted([
      json({
        value: [{ id: "x", "@removed": { reason: "deleted" } }],
        "@odata.nextLink": "https://graph.test/v1.0/me/calendarView/delta?$skiptoken=2",
      }),
      json({ value: [], "@odata.deltaLink": "https://graph.test/v1.0/me/calendarView/delta?$deltatoken=3" }),
    ]);
    const client = createGraphCalendarClient("https://graph.test/v1.0", { accessToken: tokens().source, fetcher });
    const first = await client.deltaPage({ window });
    expect(first).toEqual({
      changes: [{ providerEventId: "x", removed: true }],
      nextPage: "https://graph.test/v1.0/me/calendarView/delta?$skiptoken=2",
      cursor: null,
    });
    const last = await client.deltaPage({ link: first.nextPage ?? "" });
    expect(last.cursor).toBe("https://graph.test/v1.0/me/calendarView/delta?$deltatoken=3");
    expect(sent[0]?.url.searchParams.get("startDateTime")).toBe(window.start.toISOString());
    expect(sent[0]?.headers.Prefer).toContain('outlook.timezone="UTC"');
    expect(sent[0]?.headers.Prefer).toContain("odata.maxpagesize=");
  });

  it("reads 410 and SyncStateNotFound as an expired delta, 503 as an outage", async () => {
    const { fetcher } = scripted([
      json({ error: { code: "SyncStateNotFound", message: "gone" } }, 410),
      json({ error: { code: "SyncStateNotFound", message: "gone" } }, 400),
      json({ error: { code: "ServiceUnavailable" } }, 503),
    ]);
    const client = createGraphCalendarClient("https://graph.test/v1.0", { accessToken: tokens().source, fetcher });
    await expect(client.deltaPage({ link: "https://graph.test/v1.0/me/calendarView/delta?$deltatoken=1" })).rejects.toBeInstanceOf(
      SyncExpiredError,
    );
    await expect(client.deltaPage({ link: "https://graph.test/v1.0/me/calendarView/delta?$deltatoken=1" })).rejects.toBeInstanceOf(
      SyncExpiredError,
    );
    await expect(client.deltaPage({ window })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("creates, renews (PATCH) and deletes a subscription with its clientState", async () => {
    const { sent, fetcher } = scripted([
      json({ id: "sub-1", expirationDateTime: "2026-11-28T00:00:00Z" }, 201),
      json({ id: "sub-1", expirationDateTime: "2026-11-30T00:00:00Z" }),
      () => new Response(null, { status: 204 }),
    ]);
    const client = createGraphCalendarClient("https://graph.test/v1.0", { accessToken: tokens().source, fetcher });
    const created = await client.subscribe({
      notificationUrl: "https://app.test/api/calendar/push/microsoft",
      clientState: "s3cret",
      expiresAt: new Date("2026-11-28T00:00:00Z"),
    });
    expect(created).toEqual({ subscriptionId: "sub-1", expiresAt: new Date("2026-11-28T00:00:00Z") });
    expect(sent[0]?.body).toMatchObject({ resource: "me/events", clientState: "s3cret", changeType: "created,updated,deleted" });
    expect(await client.renewSubscription("sub-1", new Date("2026-11-30T00:00:00Z"))).toEqual(new Date("2026-11-30T00:00:00Z"));
    expect(sent[1]?.method).toBe("PATCH");
    await client.deleteSubscription("sub-1");
    expect(sent[2]).toMatchObject({ method: "DELETE" });
  });
});
