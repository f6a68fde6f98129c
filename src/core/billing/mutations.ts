import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { userData } from "~/infra/db/auth-schema";
import { billingSubscriptions, type PaddleScheduledChange, paddleEvents } from "~/infra/db/billing-schema";
import type { Database } from "~/infra/db/client";
import { notifyAccountChanged } from "~/infra/db/note-changes";
import type { Subscription } from "~/shared/billing/subscription";
import { listSubscriptionRows } from "./data";
import { entitlementOf, productKeyOfPrice } from "./entitlement";
import type { PaddleEventInput, PaddleSubscriptionData } from "./schema";
import type { BillingSettings } from "./settings";

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Keeps a verified Paddle event; false when its id is already stored (a retried or replayed delivery). */
export async function insertPaddleEvent(
  db: Database,
  { event, payload }: { event: PaddleEventInput; payload: Record<string, unknown> },
): Promise<boolean> {
  const inserted = await db
    .insert(paddleEvents)
    .values({
      eventId: event.event_id,
      eventType: event.event_type,
      occurredAt: new Date(event.occurred_at),
      notificationId: event.notification_id ?? null,
      payload,
    })
    .onConflictDoNothing({ target: paddleEvents.eventId })
    .returning({ eventId: paddleEvents.eventId });
  return inserted.length > 0;
}

/** Records on a stored event whose it was (null: nobody known yet) and why it changed nothing, if it did not. */
export async function markPaddleEventApplied(
  db: Database,
  { eventId, applied }: { eventId: string; applied: { userId: string | null; error: string | null } },
): Promise<void> {
  await db
    .update(paddleEvents)
    .set({ ...applied, processedAt: new Date() })
    .where(eq(paddleEvents.eventId, eventId));
}

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

/**
 * POST /paddle/customer-update in one transaction under the user's billing lock: the checkout's customer
 * is saved, then `adoptEvents` applies the stored events that waited for that customer. It is passed in
 * because applying events is webhook-events.ts's work, and that module already writes through this one.
 */
export async function saveCheckoutCustomer(
  db: Database,
  { userId, customerId, email }: { userId: string; customerId: string; email: string | null },
  adoptEvents: (tx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserBilling(tx, { userId });
    await saveCustomerOfUser(tx, { userId, customerId, email });
    await adoptEvents(tx);
  });
}

/**
 * Recomputes user_data.subscription from the user's rows and, when it changed, tells the user's open
 * pages (the notification goes out when the caller's transaction commits). Returns the entitlement.
 */
export async function recomputeEntitlement(
  db: Database,
  settings: Pick<BillingSettings, "catalog">,
  { userId }: { userId: string },
): Promise<Subscription | null> {
  const next = entitlementOf(await listSubscriptionRows(db, { userId }), settings.catalog);
  // Written only when it differs, so a replayed or older event leaves the row (and its updated_at) alone.
  const isDifferent =
    next === null ? isNotNull(userData.subscription) : sql`${userData.subscription} is distinct from ${JSON.stringify(next)}::jsonb`;
  const changed = await db
    .update(userData)
    .set({ subscription: next, updatedAt: new Date() })
    .where(and(eq(userData.userId, userId), isDifferent))
    .returning({ userId: userData.userId });
  if (changed.length > 0) await notifyAccountChanged(db, { userId });
  return next;
}
