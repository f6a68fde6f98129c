import { Hono } from "hono";
import { defaultHorizon, exceptionsOf, type Occurrence, occurrencesOf, overlaps, span, wholeEvent } from "./calendar-event";
import { calendarFor, googleError, googleGrant } from "./google-errors";
import { type GoogleView, googleEvent } from "./google-event";
import type { StandInContext, StandInEnv } from "./http";
import type { CalendarStore, EventBook, JsonObject } from "./store";
import { isKnownTimeZone, parseInstant } from "./time";

// Google Calendar v3 under /google/calendar/v3 (www.googleapis.com): events.list with windows, instance
// expansion, ordering, paging and sync tokens (research 2.1), plus the calendar's own entries.
// A listing is computed once on its first page; page tokens point into that snapshot, so paging through
// 5,000 events is linear and a page asked for again (a retry) answers the same items.

// Parameters Google refuses next to syncToken (events.list reference).
const notWithSyncToken = [
  "timeMin",
  "timeMax",
  "orderBy",
  "q",
  "updatedMin",
  "iCalUID",
  "privateExtendedProperty",
  "sharedExtendedProperty",
];

const encodePageToken = (snapshotId: string, offset: number) => Buffer.from(`${snapshotId}:${offset}`).toString("base64url");
function decodePageToken(token: string): { snapshotId: string; offset: number } | null {
  const [snapshotId, offset] = Buffer.from(token, "base64url").toString("utf8").split(":");
  return snapshotId && offset && /^\d+$/.test(offset) ? { snapshotId, offset: Number(offset) } : null;
}

/** What changed after `version`: whole events, or with singleEvents their instances (all of a changed series). */
function changedSince(book: EventBook, version: number, singleEvents: boolean): Occurrence[] {
  const items: Occurrence[] = [];
  const horizon = defaultHorizon();
  for (const event of book.events.values()) {
    if (event.latestVersion <= version) continue;
    if (!event.recurrence) items.push(wholeEvent(event));
    else if (singleEvents) items.push(...occurrencesOf(event, horizon).filter((item) => item.version > version));
    else {
      if (event.version > version) items.push(wholeEvent(event));
      items.push(...exceptionsOf(event).filter((item) => item.version > version));
    }
  }
  return items;
}

interface Window {
  from: number | null;
  to: number | null;
  singleEvents: boolean;
  showDeleted: boolean;
  text: string | null;
  updatedMin: number | null;
}

function listed(book: EventBook, window: Window): Occurrence[] {
  const items: Occurrence[] = [];
  const horizon = window.to ?? defaultHorizon();
  const visible = (item: Occurrence) => window.showDeleted || !item.cancelled;
  const inWindow = (item: Occurrence) => overlaps(item, window.from, window.to, book.timeZone);
  const matches = (item: Occurrence) =>
    (window.text === null || `${item.title} ${item.event.description ?? ""}`.toLowerCase().includes(window.text)) &&
    (window.updatedMin === null || item.updatedMs >= window.updatedMin);
  for (const event of book.events.values()) {
    if (event.deleted && !window.showDeleted) continue;
    const occurrences = occurrencesOf(event, horizon);
    if (window.singleEvents) {
      for (const item of occurrences) if (visible(item) && inWindow(item) && matches(item)) items.push(item);
      continue;
    }
    // Without singleEvents a series is one item when any instance falls in the window; its exceptions follow it.
    const whole = wholeEvent(event);
    if (visible(whole) && matches(whole) && occurrences.some((item) => !item.cancelled && inWindow(item))) items.push(whole);
    if (event.recurrence) for (const item of exceptionsOf(event)) if (visible(item) && inWindow(item) && matches(item)) items.push(item);
  }
  return items;
}

function listEvents(c: StandInContext, store: CalendarStore): Response {
  const grant = googleGrant(c, store);
  if (grant instanceof Response) return grant;
  const notFound = calendarFor(c, grant);
  if (notFound) return notFound;
  const query = new URL(c.req.url).searchParams;
  const bad = (message: string, reason = "invalid") => googleError(c, 400, reason, message);
  const book = store.book("google", grant.email);
  const maxResults = Math.min(Number(query.get("maxResults") ?? 250), 2500);
  if (!Number.isInteger(maxResults) || maxResults < 1) return bad("Invalid value for: maxResults");
  const timeZone = query.get("timeZone") ?? book.timeZone;
  if (!isKnownTimeZone(timeZone)) return bad("Invalid time zone definition for start time.");
  const view: GoogleView = { email: book.email, timeZone };
  const envelope = (items: JsonObject[], next: { nextPageToken?: string; nextSyncToken?: string }) =>
    c.json({
      kind: "calendar#events",
      etag: `"${book.updatedMs * 1000}"`,
      summary: book.email,
      description: "",
      updated: new Date(book.updatedMs).toISOString(),
      timeZone: book.timeZone,
      accessRole: "owner",
      defaultReminders: [],
      ...next,
      items,
    });
  const page = (snapshotId: string, items: JsonObject[], offset: number, finalToken: string) => {
    const end = offset + maxResults;
    return envelope(
      items.slice(offset, end),
      end < items.length ? { nextPageToken: encodePageToken(snapshotId, end) } : { nextSyncToken: finalToken },
    );
  };

  const pageToken = query.get("pageToken");
  if (pageToken) {
    const position = decodePageToken(pageToken);
    const snapshot = position ? store.snapshots.get(position.snapshotId) : undefined;
    if (!position || !snapshot || snapshot.email !== book.email) return bad("Invalid page token value.");
    return page(position.snapshotId, snapshot.items, position.offset, snapshot.finalToken);
  }

  const singleEvents = query.get("singleEvents") === "true";
  let items: Occurrence[];
  const syncToken = query.get("syncToken");
  if (syncToken) {
    const clash = notWithSyncToken.find((name) => query.has(name));
    if (clash) return bad(`The parameter ${clash} cannot be used together with syncToken.`);
    const cursor = store.readCursor("google", syncToken);
    if (cursor === "gone" || cursor.email.toLowerCase() !== book.email.toLowerCase())
      return googleError(c, 410, "fullSyncRequired", "Sync token is no longer valid, a full sync is required.");
    // Deleted and cancelled items always come with an incremental sync, whatever showDeleted says.
    items = changedSince(book, cursor.version, singleEvents);
  } else {
    const from = query.has("timeMin") ? parseInstant(query.get("timeMin") ?? "") : null;
    const to = query.has("timeMax") ? parseInstant(query.get("timeMax") ?? "") : null;
    if ((query.has("timeMin") && from === null) || (query.has("timeMax") && to === null)) return bad("Bad Request");
    if (from !== null && to !== null && from >= to) return bad("The specified time range is empty.", "timeRangeEmpty");
    const orderBy = query.get("orderBy");
    if (orderBy !== null && orderBy !== "startTime" && orderBy !== "updated")
      return bad(`Invalid value for: ${orderBy} is not a valid value`);
    if (orderBy === "startTime" && !singleEvents) return bad("The requested ordering is not available for the particular query.");
    const updatedMin = query.has("updatedMin") ? parseInstant(query.get("updatedMin") ?? "") : null;
    items = listed(book, {
      from,
      to,
      singleEvents,
      showDeleted: query.get("showDeleted") === "true",
      text: query.get("q")?.toLowerCase() ?? null,
      updatedMin,
    });
    if (orderBy === "startTime") {
      const starts = new Map(items.map((item) => [item, span(item, book.timeZone).start]));
      items.sort((a, b) => (starts.get(a) ?? 0) - (starts.get(b) ?? 0));
    } else if (orderBy === "updated") items.sort((a, b) => a.updatedMs - b.updatedMs);
  }
  const finalToken = store.mintCursor({ provider: "google", email: book.email, version: book.version, epoch: book.epoch, window: null });
  const rendered = items.map((item) => googleEvent(item, view));
  const snapshotId =
    rendered.length > maxResults ? store.saveSnapshot({ provider: "google", email: book.email, items: rendered, finalToken }) : "";
  return page(snapshotId, rendered, 0, finalToken);
}

export function googleCalendarRoutes(store: CalendarStore): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();
  app.get("/calendar/v3/calendars/:calendarId/events", (c) => listEvents(c, store));

  const calendarEntry = (email: string, timeZone: string) => ({
    id: email,
    summary: email,
    timeZone,
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  });
  app.get("/calendar/v3/calendars/:calendarId", (c) => {
    const grant = googleGrant(c, store);
    if (grant instanceof Response) return grant;
    const notFound = calendarFor(c, grant);
    if (notFound) return notFound;
    const book = store.book("google", grant.email);
    return c.json({ kind: "calendar#calendar", etag: `"${book.updatedMs * 1000}"`, ...calendarEntry(book.email, book.timeZone) });
  });
  app.get("/calendar/v3/users/me/calendarList", (c) => {
    const grant = googleGrant(c, store);
    if (grant instanceof Response) return grant;
    const book = store.book("google", grant.email);
    return c.json({
      kind: "calendar#calendarList",
      etag: `"${book.updatedMs * 1000}"`,
      nextSyncToken: store.mintCursor({ provider: "google", email: book.email, version: book.version, epoch: book.epoch, window: null }),
      items: [
        {
          kind: "calendar#calendarListEntry",
          ...calendarEntry(book.email, book.timeZone),
          accessRole: "owner",
          primary: true,
          selected: true,
          defaultReminders: [],
        },
      ],
    });
  });
  return app;
}
