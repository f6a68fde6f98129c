import { Hono } from "hono";
import { type Occurrence, occurrencesOf, overlaps, span } from "./calendar-event";
import { graphError, graphGrant, maxPageSize, preferredZone } from "./graph-errors";
import { graphEvent, graphItemId, graphRemoved, selectFields } from "./graph-event";
import type { StandInContext, StandInEnv } from "./http";
import { graphUserId, personFor } from "./identity";
import type { CalendarStore, EventBook, JsonObject } from "./store";
import { parseGraphInstant } from "./time";

// Microsoft Graph v1.0 under /graph/v1.0 (graph.microsoft.com): /me, /me/calendarView paged with $top
// and $skip, and /me/calendarView/delta: pages via $skiptoken, a deltaLink at the end, changes since it
// (removed items as @removed), 410 SyncStateNotFound once the sync state is invalidated (research 2.2).

const deltaPageSize = 50;
const removedOrGone = (item: Occurrence) => item.event.deleted || (item.override?.cancelled ?? false);

/** The occurrences in a window, by start; kept per account version so paging 5,000 of them stays linear. */
function windowed(cache: Map<string, Occurrence[]>, book: EventBook, from: number, to: number): Occurrence[] {
  const key = `${book.email}|${from}|${to}|${book.version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const items: Occurrence[] = [];
  for (const event of book.events.values())
    for (const item of occurrencesOf(event, to)) if (!removedOrGone(item) && overlaps(item, from, to, book.timeZone)) items.push(item);
  const starts = new Map(items.map((item) => [item, span(item, book.timeZone).start]));
  items.sort((a, b) => (starts.get(a) ?? 0) - (starts.get(b) ?? 0));
  if (cache.size > 50) cache.clear();
  cache.set(key, items);
  return items;
}

function window(c: StandInContext): { from: number; to: number } | Response {
  // Values without an offset are UTC whatever the Prefer header says.
  const from = parseGraphInstant(c.req.query("startDateTime"), "UTC");
  const to = parseGraphInstant(c.req.query("endDateTime"), "UTC");
  if (from === null || to === null)
    return graphError(
      c,
      400,
      "ErrorInvalidParameter",
      "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
    );
  return { from, to };
}

const encodeSkip = (snapshotId: string, offset: number) => Buffer.from(`${snapshotId}:${offset}`).toString("base64url");
const decodeSkip = (token: string) => {
  const [snapshotId, offset] = Buffer.from(token, "base64url").toString("utf8").split(":");
  return snapshotId && offset && /^\d+$/.test(offset) ? { snapshotId, offset: Number(offset) } : null;
};

export function graphCalendarRoutes(store: CalendarStore): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();
  const cache = new Map<string, Occurrence[]>();
  const headers = (...applied: (string | null)[]): Record<string, string> => {
    const list = applied.filter((value): value is string => value !== null);
    return list.length > 0 ? { "preference-applied": list.join(", ") } : {};
  };

  app.get("/v1.0/me", (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const person = personFor(grant.email);
    return c.json({
      "@odata.context": `${store.baseUrl}/graph/v1.0/$metadata#users/$entity`,
      businessPhones: [],
      displayName: person.name,
      givenName: person.givenName,
      jobTitle: null,
      mail: grant.email,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: "en-US",
      surname: person.familyName,
      userPrincipalName: grant.email,
      id: graphUserId(grant.email),
    });
  });

  const calendarView = (c: StandInContext) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const bounds = window(c);
    if (bounds instanceof Response) return bounds;
    const zone = preferredZone(c);
    const page = maxPageSize(c, 10);
    const top = Math.min(Number(c.req.query("$top") ?? page.size), 1000);
    const skip = Number(c.req.query("$skip") ?? 0);
    if (!Number.isInteger(top) || top < 1 || !Number.isInteger(skip) || skip < 0)
      return graphError(c, 400, "BadRequest", "Invalid $top or $skip value.");
    const book = store.book("microsoft", grant.email);
    const items = windowed(cache, book, bounds.from, bounds.to);
    const view = { email: book.email, timeZone: zone.timeZone };
    const value = items.slice(skip, skip + top).map((item) => selectFields(graphEvent(item, view), c.req.query("$select") ?? null));
    const next = new URL(`${store.baseUrl}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`);
    next.searchParams.set("$top", String(top));
    next.searchParams.set("$skip", String(skip + top));
    return c.json(
      {
        "@odata.context": `${store.baseUrl}/graph/v1.0/$metadata#users('${encodeURIComponent(book.email)}')/calendarView`,
        value,
        // Graph writes the OData options with a literal "$" ($top, $skip).
        ...(skip + top < items.length ? { "@odata.nextLink": next.toString().replaceAll("%24", "$") } : {}),
      },
      200,
      headers(zone.applied, c.req.query("$top") ? null : page.applied),
    );
  };

  const delta = (c: StandInContext) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const book = store.book("microsoft", grant.email);
    const page = maxPageSize(c, deltaPageSize);
    const deltaUrl = `${store.baseUrl}/graph/v1.0/me/calendarView/delta`;
    const gone = () =>
      graphError(
        c,
        410,
        "SyncStateNotFound",
        "The sync state generation is not found. Please perform a full sync without passing a sync state.",
      );
    const answer = (snapshotId: string, items: JsonObject[], offset: number, finalToken: string) => {
      const end = offset + page.size;
      const link =
        end < items.length
          ? { "@odata.nextLink": `${deltaUrl}?$skiptoken=${encodeSkip(snapshotId, end)}` }
          : { "@odata.deltaLink": `${deltaUrl}?$deltatoken=${finalToken}` };
      return c.json(
        { "@odata.context": `${store.baseUrl}/graph/v1.0/$metadata#Collection(event)`, value: items.slice(offset, end), ...link },
        200,
        headers(page.applied),
      );
    };

    const skipToken = c.req.query("$skiptoken");
    if (skipToken) {
      const position = decodeSkip(skipToken);
      const snapshot = position ? store.snapshots.get(position.snapshotId) : undefined;
      if (!position || !snapshot || snapshot.provider !== "microsoft" || snapshot.email !== book.email) return gone();
      return answer(position.snapshotId, snapshot.items, position.offset, snapshot.finalToken);
    }

    let rendered: JsonObject[];
    let fixed: { from: number; to: number; timeZone: string };
    const deltaToken = c.req.query("$deltatoken");
    if (deltaToken) {
      const cursor = store.readCursor("microsoft", deltaToken);
      if (cursor === "gone" || !cursor.window || cursor.email.toLowerCase() !== book.email.toLowerCase()) return gone();
      fixed = cursor.window;
      const view = { email: book.email, timeZone: fixed.timeZone };
      rendered = [];
      for (const event of book.events.values()) {
        if (event.latestVersion <= cursor.version) continue;
        for (const item of occurrencesOf(event, fixed.to)) {
          if (item.version <= cursor.version) continue;
          const inWindow = overlaps(item, fixed.from, fixed.to, book.timeZone);
          // Left the window or the calendar: removed. Instances that never were in the window are not mentioned.
          if (removedOrGone(item) || item.cancelled || !inWindow) {
            const originalEnd = (item.originalStartMs ?? item.startMs) + (item.event.endMs - item.event.startMs);
            if (inWindow || item.originalStartMs === null || originalEnd > fixed.from) rendered.push(graphRemoved(graphItemId(item)));
          } else rendered.push(graphEvent(item, view));
        }
      }
    } else {
      const bounds = window(c);
      if (bounds instanceof Response) return bounds;
      fixed = { ...bounds, timeZone: preferredZone(c).timeZone };
      const view = { email: book.email, timeZone: fixed.timeZone };
      rendered = windowed(cache, book, fixed.from, fixed.to)
        .filter((item) => !item.cancelled)
        .map((item) => graphEvent(item, view));
    }
    const finalToken = store.mintCursor({
      provider: "microsoft",
      email: book.email,
      version: book.version,
      epoch: book.epoch,
      window: fixed,
    });
    const snapshotId =
      rendered.length > page.size ? store.saveSnapshot({ provider: "microsoft", email: book.email, items: rendered, finalToken }) : "";
    return answer(snapshotId, rendered, 0, finalToken);
  };

  // Graph paths are case-insensitive; clients write calendarView and calendarview.
  for (const name of ["calendarView", "calendarview"]) {
    app.get(`/v1.0/me/${name}`, calendarView);
    app.get(`/v1.0/me/${name}/delta`, delta);
  }
  return app;
}
