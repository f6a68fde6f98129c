import type { Database } from "~/infra/db/client";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import { autoJoinLateMinutes } from "~/shared/calendars/calendar-platforms";
import { listConnections, listEventsInWindow, readPreferences } from "./data";
import { toCalendarEventView } from "./event-view";

// The calendar view's reads: a window of the user's events (GET /calendar/event) and the events in
// progress or starting within 10 minutes (GET /calendar/event/active), each with its bot's live status.

export async function listCalendarEvents(
  db: Database,
  { userId, start, end, now = new Date() }: { userId: string; start: Date; end: Date; now?: Date },
): Promise<CalendarEvent[]> {
  const [connections, preferences, events] = await Promise.all([
    listConnections(db, { userId }),
    readPreferences(db, { userId }),
    listEventsInWindow(db, { userId, start, end }),
  ]);
  const platforms = new Map<string, CalendarPlatform>(connections.map((connection) => [connection.id, connection.platform]));
  return events.flatMap((event) => {
    const platform = platforms.get(event.connectionId);
    return platform ? [toCalendarEventView(event, { platform, autoJoin: preferences.autoJoin, now })] : [];
  });
}

/** Events under way or starting within the next 10 minutes (all-day ones are not meetings to join). */
export async function listActiveCalendarEvents(
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<CalendarEvent[]> {
  const soon = new Date(now.getTime() + autoJoinLateMinutes * 60_000);
  const events = await listCalendarEvents(db, { userId, start: now, end: soon, now });
  return events.filter((event) => !event.data.isAllDay && !event.data.isCancelled);
}
