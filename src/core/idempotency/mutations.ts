import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { idempotencyKeys } from "~/infra/db/request-guards-schema";
import { abandonedClaimMs, keyLifetimeMs } from "./policy";

export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "in_progress" }
  | { kind: "other_request" };

interface KeyInput {
  userId: string;
  key: string;
}

/**
 * Takes the user's key for this request, atomically (one insert that at most one process wins), or says what
 * the key already holds: the first answer, a request still running, or another request's key.
 */
export async function claimIdempotencyKey(
  db: Database,
  { userId, key, requestHash, at }: KeyInput & { requestHash: string; at: Date },
): Promise<IdempotencyClaim> {
  const isThisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        isThisKey,
        or(
          lt(idempotencyKeys.createdAt, new Date(at.getTime() - keyLifetimeMs)),
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(at.getTime() - abandonedClaimMs))),
        ),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    await forgetExpiredIdempotencyKeys(db, at);
    return { kind: "claimed" };
  }
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(isThisKey);
  // Gone between the insert and this read: its request failed and let go of it, so the key is still busy.
  if (!row) return { kind: "in_progress" };
  if (row.requestHash !== requestHash) return { kind: "other_request" };
  if (row.status === null) return { kind: "in_progress" };
  return { kind: "replay", status: row.status, body: row.body };
}

/** The claimed request's answer, kept for the key's retries. */
export async function completeIdempotencyKey(db: Database, { userId, key, status, body }: KeyInput & { status: number; body: unknown }) {
  await db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** The claimed request made nothing (an error answer): the key is free again for a retry. */
export async function releaseIdempotencyKey(db: Database, { userId, key }: KeyInput) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/** Housekeeping across users: keys past their day are never replayed, so they go. */
async function forgetExpiredIdempotencyKeys(db: Database, at: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(at.getTime() - keyLifetimeMs)));
}
