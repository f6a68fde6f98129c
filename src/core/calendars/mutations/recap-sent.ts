import { and, eq, isNull } from "drizzle-orm";
import { calendarEvents } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";

/** Claims the event's one recap e-mail; false when it went out already (or another run is sending it). */
export async function claimRecap(db: Database, { userId, eventId }: { userId: string; eventId: string }): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ recapSentAt: new Date() })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId), isNull(calendarEvents.recapSentAt)))
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}

/** The mail could not be sent: the claim is given back, so notes made again later may still send it. */
export async function releaseRecap(db: Database, { userId, eventId }: { userId: string; eventId: string }): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ recapSentAt: null })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, eventId)));
}
