import { and, eq } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import { type CalendarAttendee, calendarEvents, calendarPreferences } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";
import type { RecapRecipients } from "~/shared/calendars/calendar-platforms";

export interface RecapEvent {
  id: string;
  title: string;
  startsAt: Date;
  attendees: CalendarAttendee[];
  recapSentAt: Date | null;
  sendNotes: boolean;
  recapRecipients: RecapRecipients;
  ownerEmail: string;
  ownerName: string;
}

/** The calendar event a meeting note was made for, with the owner's recap choices; null when none. */
export async function findRecapEvent(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<RecapEvent | null> {
  const [row] = await db
    .select({
      id: calendarEvents.id,
      title: calendarEvents.title,
      startsAt: calendarEvents.startsAt,
      attendees: calendarEvents.attendees,
      recapSentAt: calendarEvents.recapSentAt,
      sendNotes: calendarPreferences.sendNotes,
      recapRecipients: calendarPreferences.recapRecipients,
      ownerEmail: user.email,
      ownerName: user.name,
    })
    .from(calendarEvents)
    .innerJoin(user, eq(user.id, calendarEvents.userId))
    .leftJoin(calendarPreferences, eq(calendarPreferences.userId, calendarEvents.userId))
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.noteId, noteId)))
    .limit(1);
  if (!row) return null;
  return { ...row, sendNotes: row.sendNotes ?? false, recapRecipients: row.recapRecipients ?? "owner" };
}
