import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import type { JoinBlockedReason } from "~/shared/calendars/calendar-platforms";
import type { CalendarDeps } from "./calendar-deps";
import { findConnection, findEvent, readPreferences } from "./data";
import { joinBlockedReasonOf, toCalendarEventView } from "./event-view";
import { setEventJoin } from "./mutations";

// POST /calendar/event/join-enable and join-disable: the event's own toggle. Turning it on is refused
// when the event cannot be joined (no meeting link, all day, cancelled, over); turning it off always works.
// Then the auto-join hook runs, so an event that is due now gets its bot at once.

export type ToggleOutcome = { kind: "notFound" } | { kind: "blocked"; reason: JoinBlockedReason } | { kind: "done"; event: CalendarEvent };

export async function toggleEventJoin(
  deps: CalendarDeps,
  {
    userId,
    calendarId,
    eventId,
    enabled,
    now = new Date(),
  }: { userId: string; calendarId: string; eventId: string; enabled: boolean; now?: Date },
): Promise<ToggleOutcome> {
  const connection = await findConnection(deps.db, { userId, connectionId: calendarId });
  const event = connection ? await findEvent(deps.db, { userId, connectionId: calendarId, providerEventId: eventId }) : null;
  if (!connection || !event) return { kind: "notFound" };
  const reason = joinBlockedReasonOf(event, now);
  if (enabled && reason) return { kind: "blocked", reason };
  await setEventJoin(deps.db, { userId, connectionId: calendarId, providerEventId: eventId, joinEnabled: enabled });
  await deps.afterCalendarChange({ userId });
  const [updated, preferences] = await Promise.all([
    findEvent(deps.db, { userId, connectionId: calendarId, providerEventId: eventId }),
    readPreferences(deps.db, { userId }),
  ]);
  if (!updated) return { kind: "notFound" };
  return {
    kind: "done",
    event: toCalendarEventView(updated, { platform: connection.platform, autoJoin: preferences.autoJoin, now: new Date() }),
  };
}
