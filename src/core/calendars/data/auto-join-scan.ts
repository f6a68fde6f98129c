import { and, asc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import { calendarConnections, calendarEvents, calendarPreferences } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";
import { meetingBots } from "~/infra/db/meetings-schema";

// The auto-join dispatcher's scans (issue 18; reads kept beside its claims, since a data/ folder is
// git-ignored here): events that want a bot now, and bots whose event was
// cancelled or moved away. Scoped to one user when a sync asks, to everyone for the scheduled run.

export interface DueEvent {
  id: string;
  userId: string;
  userName: string;
  connectionId: string;
  providerEventId: string;
  title: string;
  startsAt: Date;
  meetingUrl: string;
}

const wantsBot = sql`(${calendarEvents.joinEnabled} = true or (${calendarEvents.joinEnabled} is null and coalesce(${calendarPreferences.autoJoin}, false)))`;

function scoped(condition: SQL | undefined, userId: string | undefined): SQL | undefined {
  return userId ? and(condition, eq(calendarEvents.userId, userId)) : condition;
}

/**
 * Events that want a bot and have none: joinable (not cancelled, not all-day, a meeting link), on an
 * active connection, starting by `dueBy` and not over yet, not already skipped or claimed by a live run.
 */
export async function listDueEvents(
  db: Database,
  { userId, now, dueBy, staleClaimBefore }: { userId?: string; now: Date; dueBy: Date; staleClaimBefore: Date },
): Promise<DueEvent[]> {
  return db
    .select({
      id: calendarEvents.id,
      userId: calendarEvents.userId,
      userName: user.name,
      connectionId: calendarEvents.connectionId,
      providerEventId: calendarEvents.providerEventId,
      title: calendarEvents.title,
      startsAt: calendarEvents.startsAt,
      meetingUrl: sql<string>`${calendarEvents.meetingUrl}`,
    })
    .from(calendarEvents)
    .innerJoin(
      calendarConnections,
      and(eq(calendarConnections.id, calendarEvents.connectionId), eq(calendarConnections.userId, calendarEvents.userId)),
    )
    .innerJoin(user, eq(user.id, calendarEvents.userId))
    .leftJoin(calendarPreferences, eq(calendarPreferences.userId, calendarEvents.userId))
    .where(
      scoped(
        and(
          isNull(calendarEvents.noteId),
          eq(calendarEvents.isCancelled, false),
          eq(calendarEvents.isAllDay, false),
          isNotNull(calendarEvents.meetingUrl),
          isNull(calendarEvents.skipReason),
          eq(calendarConnections.status, "active"),
          lte(calendarEvents.startsAt, dueBy),
          gt(calendarEvents.endsAt, now),
          or(isNull(calendarEvents.dispatchClaimedAt), lte(calendarEvents.dispatchClaimedAt, staleClaimBefore)),
          wantsBot,
        ),
        userId,
      ),
    )
    .orderBy(asc(calendarEvents.startsAt))
    .limit(500);
}

export interface EventWithLiveBot {
  id: string;
  userId: string;
  noteId: string;
  isCancelled: boolean;
}

/**
 * Events whose automatic bot is still to come or in the call (not finished, not asked to leave) although
 * the event was cancelled, moved to start after `movedAfter`, or its toggle turned off: that bot is cancelled
 * (and, for a moved event, sent again at the new time).
 */
export async function listEventsWithStrayBots(
  db: Database,
  { userId, movedAfter }: { userId?: string; movedAfter: Date },
): Promise<EventWithLiveBot[]> {
  const rows = await db
    .select({
      id: calendarEvents.id,
      userId: calendarEvents.userId,
      noteId: calendarEvents.noteId,
      isCancelled: calendarEvents.isCancelled,
    })
    .from(calendarEvents)
    .innerJoin(meetingBots, and(eq(meetingBots.noteId, calendarEvents.noteId), eq(meetingBots.userId, calendarEvents.userId)))
    .where(
      scoped(
        and(
          isNull(meetingBots.finishedAt),
          isNull(meetingBots.cancelRequestedAt),
          // A bot the user sent by hand stays: they asked for it now, whatever the calendar says.
          isNull(calendarEvents.sentBotManually),
          // Cancelled, moved far ahead, or the user turned this event's notetaker off.
          or(eq(calendarEvents.isCancelled, true), gt(calendarEvents.startsAt, movedAfter), eq(calendarEvents.joinEnabled, false)),
        ),
        userId,
      ),
    )
    .limit(500);
  return rows.flatMap((row) => (row.noteId ? [{ ...row, noteId: row.noteId }] : []));
}
