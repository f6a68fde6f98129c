import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, authorizeAt, connect, send } from "./oauth-client";
import { type CalendarStandIn, type StandInState, startCalendarStandIn } from "./server";

// The stand-in as another process drives it: main.ts on CALENDAR_STAND_IN_PORT, and the /__test
// control API (seed, move, cancel, delete, series instances, faults, denial, state, reset).

let standIn: CalendarStandIn;
const control = (path: string) => `${standIn.url}/__test${path}`;
const state = async (query = "") => (await api(control(`/state${query}`), null)).body as unknown as StandInState;

beforeAll(async () => {
  standIn = await startCalendarStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  expect((await send("POST", control("/reset"), null)).status).toBe(200);
});

describe("calendar stand-in process", () => {
  it("runs on CALENDAR_STAND_IN_PORT and answers /health", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/stand-ins/calendar/main.ts"], {
      env: { ...process.env, CALENDAR_STAND_IN_PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      child.stdout.setEncoding("utf8");
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          output += chunk;
          const match = /listening on (\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
      });
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ ok: true });
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    }
  });
});

describe("control API over HTTP", () => {
  it("seeds, moves one instance of a series, cancels another, and both providers show it their way", async () => {
    const series = {
      id: "series9",
      title: "Weekly 1:1",
      start: "2026-11-02T14:00:00Z",
      end: "2026-11-02T14:30:00Z",
      recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4"],
      meetingUrl: "https://meet.google.com/aaa-bbbb-ccc",
    };
    for (const provider of ["google", "microsoft"])
      expect(await send("POST", control(`/${provider}/events`), null, { email: "ann@example.com", events: [series] })).toMatchObject({
        status: 201,
        body: { ids: ["series9"] },
      });
    const google = (await connect(standIn.url, "google", "ann@example.com")).accessToken;
    const microsoft = (await connect(standIn.url, "microsoft", "ann@example.com")).accessToken;
    const googleList = `${standIn.url}/google/calendar/v3/calendars/ann%40example.com/events?singleEvents=true`;
    const first = await api(googleList, google);
    const syncToken = String(first.body.nextSyncToken);

    for (const provider of ["google", "microsoft"]) {
      const moved = await send("PATCH", control(`/${provider}/events/series9_20261109T140000Z`), null, {
        start: "2026-11-10T09:00:00Z",
        end: "2026-11-10T09:30:00Z",
      });
      expect(moved.status).toBe(200);
      expect((await send("POST", control(`/${provider}/events/series9_20261116T140000Z/cancel`), null)).status).toBe(200);
    }
    expect((await send("POST", control("/google/events/nope/cancel"), null)).status).toBe(404);

    const changed = await api(`${googleList.split("?")[0]}?singleEvents=true&syncToken=${encodeURIComponent(syncToken)}`, google);
    expect(changed.body.items).toEqual([
      expect.objectContaining({
        id: "series9_20261109T140000Z",
        recurringEventId: "series9",
        start: { dateTime: "2026-11-10T09:00:00Z", timeZone: "UTC" },
        originalStartTime: { dateTime: "2026-11-09T14:00:00Z", timeZone: "UTC" },
      }),
      expect.objectContaining({ id: "series9_20261116T140000Z", status: "cancelled", recurringEventId: "series9" }),
    ]);
    const view = await api(
      `${standIn.url}/graph/v1.0/me/calendarView?startDateTime=2026-11-01T00:00:00Z&endDateTime=2026-12-01T00:00:00Z`,
      microsoft,
    );
    const items = view.body.value as { id: string; type: string; start: { dateTime: string } }[];
    expect(items.map((item) => [item.id, item.type, item.start.dateTime])).toEqual([
      ["series9_20261102T140000Z", "occurrence", "2026-11-02T14:00:00.0000000"],
      ["series9_20261109T140000Z", "exception", "2026-11-10T09:00:00.0000000"],
      ["series9_20261123T140000Z", "occurrence", "2026-11-23T14:00:00.0000000"],
    ]);
  });

  it("generates events in bulk, queues provider faults with Retry-After, and counts requests per route", async () => {
    const generated = await send("POST", control("/microsoft/events/generate"), null, {
      email: "bo@example.com",
      count: 2000,
      from: "2026-11-01T08:00:00Z",
      days: 20,
    });
    expect(generated).toMatchObject({ status: 201, body: { count: 2000 } });
    const accessToken = (await connect(standIn.url, "microsoft", "bo@example.com")).accessToken;
    expect(
      (await send("POST", control("/faults"), null, { provider: "microsoft", status: 503, count: 1, retryAfterSeconds: 3 })).status,
    ).toBe(200);
    const url = `${standIn.url}/graph/v1.0/me/calendarView?startDateTime=2026-11-01T00:00:00Z&endDateTime=2026-12-01T00:00:00Z&$top=1000`;
    const failed = await api(url, accessToken);
    expect(failed).toMatchObject({ status: 503, body: { error: { code: "serviceNotAvailable" } } });
    expect(failed.headers.get("retry-after")).toBe("3");
    const ok = await api(url, accessToken);
    expect((ok.body.value as unknown[]).length).toBe(1000);
    expect(String(ok.body["@odata.nextLink"])).toContain("$skip=1000");

    const seen = await state("?email=bo@example.com");
    expect(seen.calendars).toEqual([{ provider: "microsoft", email: "bo@example.com", events: 2000, version: 2000, syncEpoch: 0 }]);
    expect(seen.requests).toMatchObject({
      "POST /microsoft/:tenant/oauth2/v2.0/token": 1,
      "GET /graph/v1.0/me/calendarView": 2,
    });
  });

  it("denies the next consent and revokes grants through the control API", async () => {
    expect((await send("POST", control("/zoom/deny-next"), null, {})).status).toBe(200);
    expect((await authorizeAt(standIn.url, "zoom")).redirect.get("error")).toBe("access_denied");
    const zoom = await connect(standIn.url, "zoom");
    expect(await send("POST", control("/zoom/revoke"), null, { email: "calendar-user@example.com" })).toMatchObject({
      status: 200,
      body: { revoked: 1 },
    });
    expect((await api(`${standIn.url}/zoom/v2/users/me`, zoom.accessToken)).status).toBe(401);
    expect((await state()).grants).toMatchObject([{ provider: "zoom", revoked: true }]);
    expect((await send("POST", control("/google/events"), null, { email: "not-an-email", events: [] })).status).toBe(400);
    expect((await send("POST", control("/yahoo/events"), null, { email: "a@example.com", events: [] })).status).toBe(404);
  });
});
