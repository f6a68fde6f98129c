import type { CalendarConnection } from "~/shared/calendars/calendar-api";
import type { CalendarConnectionRow } from "./data";

/** A stored connection as GET /api/calendar answers it: never a token, a cursor or a push secret. */
export function toCalendarConnectionView(row: CalendarConnectionRow): CalendarConnection {
  return {
    id: row.id,
    data: {
      platform: row.platform,
      accountEmail: row.accountEmail,
      status: row.status,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      syncDelayed: row.syncDelayedSince !== null,
    },
  };
}
