import { and, asc, count, desc, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import { z } from "zod";
import { userData } from "~/infra/db/auth-schema";
import { billingSubscriptions, paddleEvents } from "~/infra/db/billing-schema";
import type { Database } from "~/infra/db/client";
import { meetingBots } from "~/infra/db/meetings-schema";
import { type Subscription, subscriptionSchema } from "~/shared/billing/subscription";
import { activeStatuses } from "./schema";

export const noUserError = "no user";

/** One stored Paddle subscription or lifetime purchase of a user. */
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

/**
 * The user a Paddle event belongs to: the checkout's custom_data when its userId and cerebroId name one
 * user together (the browser sent both), else the one user who holds the event's customer id.
 */
export async function findUserOfPaddle(
  db: Database,
  {
    customData,
    customerId,
  }: { customData: { userId?: string; cerebroId?: string } | null | undefined; customerId: string | null | undefined },
): Promise<string | null> {
  const { userId, cerebroId } = customData ?? {};
  if (userId && cerebroId && z.uuid().safeParse(cerebroId).success) {
    const [row] = await db
      .select({ userId: userData.userId })
      .from(userData)
      .where(and(eq(userData.userId, userId), eq(userData.cerebroId, cerebroId)))
      .limit(1);
    if (row) return row.userId;
  }
  if (!customerId) return null;
  const owners = await findCustomerOwners(db, { customerId });
  // Two users claiming one customer is a conflict for support, never a guess.
  return owners.length === 1 ? (owners[0] ?? null) : null;
}

export async function findCustomerOwners(db: Database, { customerId }: { customerId: string }): Promise<string[]> {
  const rows = await db.select({ userId: userData.userId }).from(userData).where(eq(userData.paddleCustomerId, customerId)).limit(2);
  return rows.map((row) => row.userId);
}

/** The billing side of the user's data: the cerebroId the browser names and the stored entitlement. */
export async function findBillingAccount(
  db: Database,
  { userId }: { userId: string },
): Promise<{ cerebroId: string; paddleCustomerId: string | null; subscription: Subscription | null } | null> {
  const [row] = await db
    .select({ cerebroId: userData.cerebroId, paddleCustomerId: userData.paddleCustomerId, subscription: userData.subscription })
    .from(userData)
    .where(eq(userData.userId, userId))
    .limit(1);
  if (!row) return null;
  const subscription = subscriptionSchema.safeParse(row.subscription);
  return {
    cerebroId: row.cerebroId,
    paddleCustomerId: row.paddleCustomerId,
    subscription: subscription.success ? subscription.data : null,
  };
}

/** The entitlement webhooks keep on the user's data row; null when none (or one that no longer parses). */
export async function findSubscription(db: Database, { userId }: { userId: string }): Promise<Subscription | null> {
  const [row] = await db.select({ subscription: userData.subscription }).from(userData).where(eq(userData.userId, userId));
  const parsed = subscriptionSchema.safeParse(row?.subscription);
  return parsed.success ? parsed.data : null;
}

/** All of the user's Paddle rows, oldest event first: what their entitlement is computed from. */
export async function listSubscriptionRows(db: Database, { userId }: { userId: string }): Promise<BillingSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(asc(billingSubscriptions.eventOccurredAt));
}

/** The user's newest subscription that still gives Pro and can be canceled or resumed (never a lifetime purchase). */
export async function findRecurringSubscription(db: Database, { userId }: { userId: string }) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        eq(billingSubscriptions.kind, "subscription"),
        inArray(billingSubscriptions.status, [...activeStatuses]),
      ),
    )
    .orderBy(desc(billingSubscriptions.eventOccurredAt))
    .limit(1);
  return row ?? null;
}

/** True when a stored Paddle event of this user names the transaction (its transaction, or a subscription it started). */
export async function hasTransactionEvent(
  db: Database,
  { userId, transactionId }: { userId: string; transactionId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ eventId: paddleEvents.eventId })
    .from(paddleEvents)
    .where(
      and(
        eq(paddleEvents.userId, userId),
        or(
          sql`${paddleEvents.payload} -> 'data' ->> 'transaction_id' = ${transactionId}`,
          and(like(paddleEvents.eventType, "transaction.%"), sql`${paddleEvents.payload} -> 'data' ->> 'id' = ${transactionId}`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Events kept without a user that name this customer, oldest first: Paddle sends customer.created
 * before the transaction that links the customer to the user.
 */
export async function listOrphanEventsOfCustomer(db: Database, { customerId }: { customerId: string }) {
  return db
    .select()
    .from(paddleEvents)
    .where(
      and(
        isNull(paddleEvents.userId),
        eq(paddleEvents.error, noUserError),
        or(
          sql`${paddleEvents.payload} -> 'data' ->> 'customer_id' = ${customerId}`,
          and(like(paddleEvents.eventType, "customer.%"), sql`${paddleEvents.payload} -> 'data' ->> 'id' = ${customerId}`),
        ),
      ),
    )
    .orderBy(asc(paddleEvents.occurredAt))
    .limit(100);
}

/**
 * Bots of the user not yet finished (queued, joining or in a call): what the plan's concurrent-meetings
 * limit counts. Billing owns this read so that meetings, which asks billing for its limits, is not asked back.
 */
export async function countActiveBots(db: Database, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(meetingBots)
    .where(and(eq(meetingBots.userId, userId), isNull(meetingBots.finishedAt)));
  return row?.total ?? 0;
}
