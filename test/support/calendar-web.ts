import { expect } from "vitest";
import type { RunningWeb } from "../../src/server/start-web";
import type { CalendarConnection, CalendarEvent } from "../../src/shared/calendars/calendar-api";
import { type CalendarStandIn, startCalendarStandIn } from "../stand-ins/calendar/server";
import { freePort } from "./spawn-role";
import type { DatabaseKind } from "./test-databases";
import { startTestWeb, type TestClient, verifiedClient } from "./test-web";

// A web wired to the calendar stand-in (Google OAuth + Calendar v3, Microsoft identity + Graph) with push
// on: the stand-in delivers channel and subscription notifications to this web's own port. Helpers walk
// the connect round trip through its 302s and read the API's answers.

export type CalendarPlatformName = "google_calendar" | "microsoft_outlook";
const hourMs = 3_600_000;

/** An ISO instant `hours` from now. */
export const inHours = (hours: number) => new Date(Date.now() + hours * hourMs).toISOString();

export interface CalendarWeb {
  web: RunningWeb;
  standIn: CalendarStandIn;
  newUser(): Promise<{ client: TestClient; email: string }>;
  stop(): Promise<void>;
}

export async function startCalendarWeb(kind: DatabaseKind, env: Record<string, string> = {}): Promise<CalendarWeb> {
  const standIn = await startCalendarStandIn();
  // Push needs the web's address before it starts (CALENDAR_PUSH_URL).
  const port = await freePort();
  const base = standIn.url;
  const web = await startTestWeb(kind, {
    PORT: String(port),
    AUTH_RATE_LIMIT_SCALE: "100",
    BOT_CAPACITY: "0",
    GOOGLE_CALENDAR_CLIENT_ID: "calendar-test.apps.googleusercontent.com",
    GOOGLE_CALENDAR_CLIENT_SECRET: "calendar-test-secret",
    GOOGLE_CALENDAR_AUTHORIZATION_URL: `${base}/google/o/oauth2/v2/auth`,
    GOOGLE_CALENDAR_TOKEN_URL: `${base}/google/token`,
    GOOGLE_CALENDAR_REVOKE_URL: `${base}/google/revoke`,
    GOOGLE_CALENDAR_USERINFO_URL: `${base}/google/oauth2/v3/userinfo`,
    GOOGLE_CALENDAR_API_URL: `${base}/google/calendar/v3`,
    OUTLOOK_CLIENT_ID: "outlook-test-client",
    OUTLOOK_CLIENT_SECRET: "outlook-test-secret",
    OUTLOOK_AUTHORITY: `${base}/microsoft`,
    OUTLOOK_TENANT_ID: "common",
    MICROSOFT_GRAPH_URL: `${base}/graph/v1.0`,
    CALENDAR_PUSH_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  let counter = 0;
  return {
    web,
    standIn,
    async newUser() {
      const email = `cal${++counter}-${kind}-${port}@example.com`;
      return { client: await verifiedClient(web, email), email };
    },
    async stop() {
      await web.stop();
      await standIn.close();
    },
  };
}

export interface CalendarListBody {
  calendars: CalendarConnection[];
  preferences: Record<string, unknown>;
}

export async function calendarsOf(client: TestClient): Promise<CalendarListBody> {
  const answer = await client.api("GET", "/calendar");
  expect(answer.status).toBe(200);
  return (await answer.json()) as CalendarListBody;
}

export async function connectionOf(client: TestClient, platform: CalendarPlatformName): Promise<CalendarConnection | undefined> {
  return (await calendarsOf(client)).calendars.find((connection) => connection.data.platform === platform);
}

/** The whole round trip: connect -> the stand-in's consent (302) -> the app's callback (302). */
export async function consent(
  client: TestClient,
  platform: CalendarPlatformName,
  returnUrl = "/settings/calendar",
): Promise<{ callback: string; location: string }> {
  const start = await client.api("POST", "/calendar/connect", { platform, returnUrl });
  expect(start.status).toBe(200);
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const provider = await fetch(authorizationUrl, { redirect: "manual" });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get("location") ?? "");
  const back = await client.request("GET", `${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  return { callback: `${callback.pathname}${callback.search}`, location: back.headers.get("location") ?? "" };
}

/** Connects and waits for the first sync to finish. */
export async function connected(client: TestClient, platform: CalendarPlatformName): Promise<CalendarConnection> {
  const { location } = await consent(client, platform);
  expect(location).toBe("/settings/calendar?calendar=connected");
  await expect.poll(async () => (await connectionOf(client, platform))?.data.lastSyncedAt ?? null, { timeout: 30_000 }).not.toBeNull();
  const connection = await connectionOf(client, platform);
  if (!connection) throw new Error("not connected");
  return connection;
}

/** GET /api/calendar/event for 7 days from `from` (default: a day ago). */
export async function weekOf(client: TestClient, from = new Date(Date.now() - 24 * hourMs)): Promise<CalendarEvent[]> {
  const end = new Date(from.getTime() + 7 * 24 * hourMs);
  const answer = await client.api("GET", `/calendar/event?startDate=${from.toISOString()}&endDate=${end.toISOString()}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { events: CalendarEvent[] }).events;
}

export const titled = (events: CalendarEvent[], title: string) => events.find((event) => event.data.title === title);
