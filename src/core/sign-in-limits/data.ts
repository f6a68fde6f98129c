import { eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { signInThrottle } from "~/infra/db/request-guards-schema";
import { signInLimitKey } from "./policy";

/** When password sign-in to this address is locked until, or null when it is not locked at `at`. */
export async function findSignInLock(db: Database, { email, at }: { email: string; at: Date }): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: signInThrottle.lockedUntil })
    .from(signInThrottle)
    .where(eq(signInThrottle.email, signInLimitKey(email)));
  return row?.lockedUntil && row.lockedUntil > at ? row.lockedUntil : null;
}
