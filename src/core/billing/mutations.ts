import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { userData } from "../../infra/db/auth-schema";
import { billingSubscriptions, type PaddleScheduledChange } from "../../infra/db/billing-schema";
import type { Database } from "../../infra/db/client";
import type { BillingSettings } from "./billing-env";
import { productKeyOfPrice } from "./entitlement";
import type { PaddleSubscriptionData } from "./schema";

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Holds the user's data row until the transaction ends, so two webhooks of one user apply one at a time. */
export async function lockUserBilling(db: Database, { userId }: { userId: string }): Promise<void> {
  await db.select({ userId: userData.userId }).from(userData).where(eq(userData.userId, userId)).for("update");
}

/**
 * Writes what a subscription.* event says, unless the row already holds a newer event (Paddle does not
 * order deliveries). A row belongs to the user who first had it: an event naming another user changes nothing.
 */
export async function upsertSubscriptionRow(
  db: Database,
  settings: Pick<BillingSettings, "catalog">,
  { userId, data, occurredAt }: { userId: string; data: PaddleSubscriptionData; occurredAt: Date },
): Promise<boolean> {
  const priceId = data.items.find((item) => item.price)?.price?.id ?? null;
  const row = {
    status: data.status,
    priceId,
    productKey: productKeyOfPrice(settings.catalog, priceId),
    interval: data.billing_cycle.interval,
    intervalCount: data.billing_cycle.frequency,
    customerId: data.customer_id ?? null,
    transactionId: data.transaction_id ?? null,
    currentPeriodEnd: dateOrNull(data.current_billing_period?.ends_at),
    nextBilledAt: dateOrNull(data.next_billed_at),
    scheduledChange: data.scheduled_change ?? null,
    canceledAt: dateOrNull(data.canceled_at),
    eventOccurredAt: occurredAt,
  };
  const written = await db
    .insert(billingSubscriptions)
    .values({ id: data.id, userId, kind: "subscription", ...row })
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: {
        ...row,
        // Later events may leave it out; the purchase that started the subscription stays known.
        transactionId: sql`coalesce(excluded.transaction_id, ${billingSubscriptions.transactionId})`,
        updatedAt: new Date(),
      },
      setWhere: and(eq(billingSubscriptions.userId, userId), lte(billingSubscriptions.eventOccurredAt, occurredAt)),
    })
    .returning({ id: billingSubscriptions.id });
  return written.length > 0;
}

/** interpretations 24: a paid one-time lifetime price is a "subscription" row that never renews, keyed by its transaction. */
export async function upsertLifetimeRow(
  db: Database,
  {
    userId,
    transactionId,
    priceId,
    customerId,
    occurredAt,
  }: { userId: string; transactionId: string; priceId: string; customerId: string | null; occurredAt: Date },
): Promise<void> {
  const row = {
    status: "active",
    priceId,
    productKey: "lifetime",
    interval: "lifetime",
    intervalCount: 1,
    customerId,
    transactionId,
    eventOccurredAt: occurredAt,
  };
  await db
    .insert(billingSubscriptions)
    .values({ id: transactionId, userId, kind: "lifetime", ...row })
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: { ...row, updatedAt: new Date() },
      setWhere: and(eq(billingSubscriptions.userId, userId), lte(billingSubscriptions.eventOccurredAt, occurredAt)),
    });
}

/**
 * What Paddle's API answered to a cancel or a stop-cancellation, written at once so the page shows it
 * before the webhook that follows. The row's event time moves to the subscription's updated_at (never
 * back), so a delivery older than this answer cannot undo it.
 */
export async function applySubscriptionAnswer(
  db: Database,
  {
    userId,
    subscription,
  }: {
    userId: string;
    subscription: {
      id: string;
      status: string;
      nextBilledAt: string | null;
      canceledAt: string | null;
      updatedAt: string;
      scheduledChange: PaddleScheduledChange | null;
    };
  },
): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({
      status: subscription.status,
      nextBilledAt: dateOrNull(subscription.nextBilledAt),
      canceledAt: dateOrNull(subscription.canceledAt),
      scheduledChange: subscription.scheduledChange,
      eventOccurredAt: sql`greatest(${billingSubscriptions.eventOccurredAt}, ${new Date(subscription.updatedAt).toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.id, subscription.id)));
}

/** Keeps the first Paddle customer id the user paid with; answers whether it was newly set. */
export async function linkPaddleCustomer(db: Database, { userId, customerId }: { userId: string; customerId: string }): Promise<boolean> {
  const rows = await db
    .update(userData)
    .set({ paddleCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(userData.userId, userId), isNull(userData.paddleCustomerId)))
    .returning({ userId: userData.userId });
  return rows.length > 0;
}

/** customer.created / customer.updated: the e-mail the buyer used at Paddle. */
export async function setPaddleCustomerEmail(db: Database, { userId, email }: { userId: string; email: string | null }): Promise<void> {
  await db
    .update(userData)
    .set({ paddleCustomerEmail: email, updatedAt: new Date() })
    .where(and(eq(userData.userId, userId), sql`${userData.paddleCustomerEmail} is distinct from ${email}`));
}

/** POST /paddle/customer-update: the customer id and e-mail the browser's checkout reported. */
export async function saveCustomerOfUser(
  db: Database,
  { userId, customerId, email }: { userId: string; customerId: string; email: string | null },
): Promise<void> {
  await db
    .update(userData)
    .set({ paddleCustomerId: customerId, paddleCustomerEmail: email, updatedAt: new Date() })
    .where(eq(userData.userId, userId));
}
