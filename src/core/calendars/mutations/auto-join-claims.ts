import { and, eq, isNull, lte, or } from "drizzle-orm";
import { calendarEvents } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";
import type { AutoJoinSkipReason } from "~/shared/calendars/calendar-platforms";

// Writes of the auto-join dispatcher and the manual send (issue 18). A send is claimed first, in one
// statement, so two dispatch runs at the same instant never both send a bot for one event.

type EventIds = { userId: string; eventId: string };

/** Takes the event for one send; false when it has a note already or another live run holds it. */
export async function claimEventForDispatch(
  db: Database,
  { userId, eventId, now, staleClaimBefore }: EventIds & { now: Date; staleClaimBefore: Date },
): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ dispatchClaimedAt: now })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.id, eventId),
        isNull(calendarEvents.noteId),
        or(isNull(calendarEvents.dispatchClaimedAt), lte(calendarEvents.dispatchClaimedAt, staleClaimBefore)),
      ),
    )
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}

/** The bot's note belongs to the event now (its status shows there); the claim ends. */
export async function attachEventNote(
  db: Database,
  { userId, eventId, noteId, isManual }: EventIds & { noteId: string; isManual: boolean },
): Promise<void> {
  await db
    .update(calendarEvents)
    .set({
      noteId,
      dispatchClaimedAt: null,
      skipReason: null,
      ...(isManual ? { sentBotManually: "sent" } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId)));
}

/** Why the automatic send did not happen (shown on the event); the claim ends. */
export async function skipEvent(db: Database, { userId, eventId, reason }: EventIds & { reason: AutoJoinSkipReason }): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ skipReason: reason, dispatchClaimedAt: null, updatedAt: new Date() })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId), isNull(calendarEvents.noteId)));
}

/** A send that failed before it could decide: the next run tries again. */
export async function releaseEventClaim(db: Database, { userId, eventId }: EventIds): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ dispatchClaimedAt: null })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId)));
}

/** A moved event lets go of its cancelled bot, so it is sent again at the new time. */
export async function detachEventNote(db: Database, { userId, eventId, noteId }: EventIds & { noteId: string }): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ noteId: null, sentBotManually: null, skipReason: null, updatedAt: new Date() })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId), eq(calendarEvents.noteId, noteId)));
}
