import { SyncExpiredError } from "~/infra/calendar/calendar-http";
import { isRemoved, type ProviderEvent, type SyncPage } from "~/infra/calendar/provider-event";
import { accessTokenSource, googleClientOf, graphClientOf } from "./calendar-access";
import type { CalendarDeps } from "./calendar-deps";
import { type CalendarConnectionRow, findConnection } from "./data";
import { cancelEvents, cancelEventsNotSeen, clearSyncCursor, saveSyncDone, upsertEvents } from "./mutations";

// One connection's sync (issue 18). Full: every instance in [now - 1 day, now + CALENDAR_SYNC_DAYS], page
// by page (each page one upsert, so 5,000 events are 20-50 short statements), then events of that window
// the provider no longer lists are cancelled. Incremental: the stored cursor (Google sync token, Graph
// deltaLink) gives only what changed; an expired cursor (410) falls back to a full sync. The window moves
// forward once a day with a full sync (Graph fixes a delta's window at its first call).

const dayMs = 24 * 60 * 60 * 1000;
/** A runaway provider (a cursor that never ends) stops here; 5,000 events at 100 a page is 50 pages. */
const maxPages = 1_000;

export type SyncOutcome = "synced" | "skipped";

type PageSource = (pageToken: string | null) => Promise<SyncPage>;

export async function syncConnection(
  deps: CalendarDeps,
  { userId, connectionId }: { userId: string; connectionId: string },
): Promise<SyncOutcome> {
  const connection = await findConnection(deps.db, { userId, connectionId });
  if (connection?.status !== "active") return "skipped";
  const token = accessTokenSource(deps, connection);
  const now = Date.now();
  const isWindowFresh = (connection.syncWindowStart?.getTime() ?? 0) > now - 2 * dayMs;
  if (connection.syncCursor && isWindowFresh) {
    try {
      await runPages(deps, connection, incrementalSource(deps, connection, connection.syncCursor, token), null);
      return "synced";
    } catch (error) {
      if (!(error instanceof SyncExpiredError)) throw error;
      deps.logger.info({ connectionId }, "calendar sync cursor expired: full sync");
      await clearSyncCursor(deps.db, { connectionId });
    }
  }
  const window = { start: new Date(now - dayMs), end: new Date(now + deps.settings.syncDays * dayMs) };
  await runPages(deps, connection, fullSource(deps, connection, window, token), window);
  return "synced";
}

function fullSource(
  deps: CalendarDeps,
  connection: CalendarConnectionRow,
  window: { start: Date; end: Date },
  token: ReturnType<typeof accessTokenSource>,
): PageSource {
  if (connection.platform === "google_calendar") {
    const client = googleClientOf(deps, token);
    return (pageToken) => client.listEvents({ window }, pageToken);
  }
  const client = graphClientOf(deps, token);
  return (nextLink) => client.deltaPage(nextLink ? { link: nextLink } : { window });
}

function incrementalSource(
  deps: CalendarDeps,
  connection: CalendarConnectionRow,
  cursor: string,
  token: ReturnType<typeof accessTokenSource>,
): PageSource {
  if (connection.platform === "google_calendar") {
    const client = googleClientOf(deps, token);
    return (pageToken) => client.listEvents({ syncToken: cursor }, pageToken);
  }
  const client = graphClientOf(deps, token);
  return (nextLink) => client.deltaPage({ link: nextLink ?? cursor });
}

/** Walks the pages, writing each as it comes (memory stays at one page), then stores the new cursor. */
async function runPages(
  deps: CalendarDeps,
  connection: CalendarConnectionRow,
  source: PageSource,
  fullWindow: { start: Date; end: Date } | null,
): Promise<void> {
  const seenAt = new Date();
  const scope = { userId: connection.userId, connectionId: connection.id };
  let pageToken: string | null = null;
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const result: SyncPage = await source(pageToken);
    const events: ProviderEvent[] = [];
    const removed: string[] = [];
    for (const change of result.changes) {
      if (isRemoved(change)) removed.push(change.providerEventId);
      else events.push(change);
    }
    await upsertEvents(deps.db, { ...scope, events, seenAt });
    await cancelEvents(deps.db, { ...scope, providerEventIds: removed });
    cursor = result.cursor;
    pageToken = result.nextPage;
    if (!pageToken) break;
  }
  if (pageToken) throw new Error(`calendar sync of ${connection.id} did not end after ${maxPages} pages`);
  if (fullWindow) await cancelEventsNotSeen(deps.db, { ...scope, window: fullWindow, seenAt });
  await saveSyncDone(deps.db, { connectionId: connection.id, cursor, window: fullWindow });
}
