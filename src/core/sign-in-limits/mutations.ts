import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { signInThrottle } from "~/infra/db/request-guards-schema";
import { failureWindowMs, lockMs, maxFailuresPerWindow, signInLimitKey } from "./policy";

/** A day: rows of addresses nobody tried since are forgotten. */
const keepMs = 24 * 60 * 60 * 1000;

/**
 * Counts one failed password for this address (one statement, so concurrent failures from several processes
 * all count); the failure that reaches the maximum locks it and starts a fresh window after the lock.
 * Returns when it is locked until, or null.
 */
export async function recordFailedSignIn(db: Database, { email, at }: { email: string; at: Date }): Promise<Date | null> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(at.getTime() - failureWindowMs).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(at.getTime() + lockMs).toISOString()}::timestamptz`;
  const isStale = sql`${signInThrottle.windowStartedAt} <= ${windowStart}`;
  const counted = sql`(case when ${isStale} then 1 else ${signInThrottle.failures} + 1 end)`;
  const isLocking = sql`${counted} >= ${maxFailuresPerWindow}`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ email: signInLimitKey(email), failures: 1, windowStartedAt: at })
    .onConflictDoUpdate({
      target: signInThrottle.email,
      set: {
        failures: sql`case when ${isLocking} then 0 else ${counted} end`,
        windowStartedAt: sql`case when ${isLocking} then ${lockEnd} when ${isStale} then ${now} else ${signInThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${isLocking} then ${lockEnd} else ${signInThrottle.lockedUntil} end`,
      },
    })
    .returning({ failures: signInThrottle.failures, lockedUntil: signInThrottle.lockedUntil });
  // A new row (a first failure) is the moment to forget old ones: rare enough to be cheap.
  if (row?.failures === 1 && !row.lockedUntil) await forgetOldSignInFailures(db, at);
  return row?.lockedUntil && row.lockedUntil > at ? row.lockedUntil : null;
}

/** The owner got in: the count starts again (a lock in force is not lifted by this; it is checked first). */
export async function clearFailedSignIns(db: Database, { email }: { email: string }): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.email, signInLimitKey(email)));
}

async function forgetOldSignInFailures(db: Database, at: Date): Promise<void> {
  const before = new Date(at.getTime() - keepMs);
  await db
    .delete(signInThrottle)
    .where(and(lt(signInThrottle.windowStartedAt, before), or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, before))));
}
