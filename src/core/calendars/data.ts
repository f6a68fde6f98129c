import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import { calendarConnections, calendarEvents, calendarPreferences } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";
import { notes } from "~/infra/db/notes-schema";
import type { CalendarPreferences } from "~/shared/calendars/calendar-api";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import type { MeetingStatus } from "~/shared/notes/statuses";

// Reads of calendar connections, events and preferences; each filters by the acting user, except the
// lookups of a push notification (by its channel id, then checked against the stored secret) and the poll
// job's scan of every active connection.

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;
/** An event with the live status of the bot sent for it (the note's meeting status). */
export type CalendarEventWithBot = CalendarEventRow & { meeting: MeetingStatus | null };

export const defaultPreferences: CalendarPreferences = { autoJoin: false, sendNotes: false, recapRecipients: "owner" };

export async function listConnections(db: Database, { userId }: { userId: string }): Promise<CalendarConnectionRow[]> {
  return db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)).orderBy(asc(calendarConnections.platform));
}

export async function findConnection(
  db: Database,
  where: { userId: string } & ({ platform: CalendarPlatform } | { connectionId: string }),
): Promise<CalendarConnectionRow | null> {
  const match = "platform" in where ? eq(calendarConnections.platform, where.platform) : eq(calendarConnections.id, where.connectionId);
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, where.userId), match));
  return row ?? null;
}

/** The connection a push notification names (Google channel id or Graph subscription id); the caller checks the secret. */
export async function findConnectionByPushId(db: Database, { pushId }: { pushId: string }): Promise<CalendarConnectionRow | null> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.pushId, pushId));
  return row ?? null;
}

/** Every connection the poll keeps fresh (a `reconnect` one waits for its user). */
export async function listActiveConnections(
  db: Database,
): Promise<Pick<CalendarConnectionRow, "id" | "userId" | "pushId" | "pushExpiresAt">[]> {
  return db
    .select({
      id: calendarConnections.id,
      userId: calendarConnections.userId,
      pushId: calendarConnections.pushId,
      pushExpiresAt: calendarConnections.pushExpiresAt,
    })
    .from(calendarConnections)
    .where(eq(calendarConnections.status, "active"));
}

export async function readPreferences(db: Database, { userId }: { userId: string }): Promise<CalendarPreferences> {
  const [row] = await db.select().from(calendarPreferences).where(eq(calendarPreferences.userId, userId));
  return row ? { autoJoin: row.autoJoin, sendNotes: row.sendNotes, recapRecipients: row.recapRecipients } : defaultPreferences;
}

export async function readUserEmail(db: Database, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

const eventWithBot = { event: calendarEvents, meeting: notes.meeting };
const withBot = (rows: { event: CalendarEventRow; meeting: MeetingStatus | null }[]): CalendarEventWithBot[] =>
  rows.map(({ event, meeting }) => ({ ...event, meeting }));

/** The user's events overlapping [start, end), ordered by start (then title, for a stable order). */
export async function listEventsInWindow(
  db: Database,
  { userId, start, end }: { userId: string; start: Date; end: Date },
): Promise<CalendarEventWithBot[]> {
  const rows = await db
    .select(eventWithBot)
    .from(calendarEvents)
    .leftJoin(notes, and(eq(notes.id, calendarEvents.noteId), eq(notes.userId, calendarEvents.userId)))
    .where(and(eq(calendarEvents.userId, userId), lt(calendarEvents.startsAt, end), gt(calendarEvents.endsAt, start)))
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.title), asc(calendarEvents.id));
  return withBot(rows);
}

export async function findEvent(
  db: Database,
  { userId, connectionId, providerEventId }: { userId: string; connectionId: string; providerEventId: string },
): Promise<CalendarEventWithBot | null> {
  const rows = await db
    .select(eventWithBot)
    .from(calendarEvents)
    .leftJoin(notes, and(eq(notes.id, calendarEvents.noteId), eq(notes.userId, calendarEvents.userId)))
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.connectionId, connectionId),
        eq(calendarEvents.providerEventId, providerEventId),
      ),
    );
  return withBot(rows)[0] ?? null;
}

/** How many events a connection holds (tests and the bench read it). */
export async function countEvents(db: Database, { userId, connectionId }: { userId: string; connectionId: string }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.connectionId, connectionId)));
  return row?.count ?? 0;
}
