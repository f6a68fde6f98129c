import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { analyticsEvents, analyticsUsers } from "~/infra/db/analytics-schema";
import type { Database } from "~/infra/db/client";

// Reads of the analytics gateway's tables, for tests, the benchmark and admin tooling; there is no public
// read: the gateway only ingests.

export type StoredAnalyticsEvent = typeof analyticsEvents.$inferSelect;

/** Events of one analytics user (optionally one event name), oldest first. */
export async function listAnalyticsEvents(
  db: Database,
  filter: { userId?: string; eventName?: string; page?: string; limit?: number },
): Promise<StoredAnalyticsEvent[]> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(analyticsEvents.userId, filter.userId));
  if (filter.eventName) conditions.push(eq(analyticsEvents.eventName, filter.eventName));
  if (filter.page) conditions.push(eq(analyticsEvents.page, filter.page));
  return db
    .select()
    .from(analyticsEvents)
    .where(and(...conditions))
    .orderBy(asc(analyticsEvents.eventTime), asc(analyticsEvents.receivedAt))
    .limit(filter.limit ?? 1000);
}

export async function countAnalyticsEvents(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(analyticsEvents);
  return row?.value ?? 0;
}

export async function findAnalyticsUser(db: Database, key: { userId: string; appId: string }) {
  const [row] = await db
    .select()
    .from(analyticsUsers)
    .where(and(eq(analyticsUsers.userId, key.userId), eq(analyticsUsers.appId, key.appId)));
  return row ?? null;
}
