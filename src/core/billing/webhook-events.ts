import type { Database } from "~/infra/db/client";
import { findUserOfPaddle, listOrphanEventsOfCustomer, noUserError } from "./data";
import { productKeyOfPrice } from "./entitlement";
import {
  insertPaddleEvent,
  linkPaddleCustomer,
  lockUserBilling,
  markPaddleEventApplied,
  recomputeEntitlement,
  setPaddleCustomerEmail,
  upsertLifetimeRow,
  upsertSubscriptionRow,
} from "./mutations";
import {
  customerEventTypes,
  type PaddleEventInput,
  paddleCustomerData,
  paddleSubscriptionData,
  paddleTransactionData,
  subscriptionEventTypes,
  transactionEventTypes,
} from "./schema";
import type { BillingSettings } from "./settings";

type Settings = Pick<BillingSettings, "catalog">;
/** Whose event it was (null: nobody we know yet) and why it changed nothing, if it did not. */
type Applied = { userId: string | null; error: string | null };
export type ReceiveOutcome = { kind: "duplicate" } | ({ kind: "stored" } & Applied);

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/**
 * Stores a verified Paddle event once and applies it in the same transaction: a second delivery of the
 * same event id (Paddle's retry, a replay with a fresh signature) finds it stored and changes nothing.
 */
export async function receivePaddleEvent(
  db: Database,
  settings: Settings,
  { event, payload }: { event: PaddleEventInput; payload: Record<string, unknown> },
): Promise<ReceiveOutcome> {
  return db.transaction(async (tx) => {
    if (!(await insertPaddleEvent(tx, { event, payload }))) return { kind: "duplicate" as const };
    const applied = await applyPaddleEvent(tx, settings, event);
    await markPaddleEventApplied(tx, { eventId: event.event_id, applied });
    return { kind: "stored" as const, ...applied };
  });
}

async function applyPaddleEvent(db: Database, settings: Settings, event: PaddleEventInput): Promise<Applied> {
  const occurredAt = new Date(event.occurred_at);
  if (isOneOf(subscriptionEventTypes, event.event_type)) {
    const parsed = paddleSubscriptionData.safeParse(event.data);
    if (!parsed.success) return { userId: null, error: "invalid data" };
    const data = parsed.data;
    const userId = await findUserOfPaddle(db, { customData: data.custom_data, customerId: data.customer_id });
    if (!userId) return { userId: null, error: noUserError };
    await lockUserBilling(db, { userId });
    await upsertSubscriptionRow(db, settings, { userId, data, occurredAt });
    await linkAndAdopt(db, settings, { userId, customerId: data.customer_id });
    await recomputeEntitlement(db, settings, { userId });
    return { userId, error: null };
  }
  if (isOneOf(transactionEventTypes, event.event_type)) {
    const parsed = paddleTransactionData.safeParse(event.data);
    if (!parsed.success) return { userId: null, error: "invalid data" };
    const data = parsed.data;
    const userId = await findUserOfPaddle(db, { customData: data.custom_data, customerId: data.customer_id });
    if (!userId) return { userId: null, error: noUserError };
    await lockUserBilling(db, { userId });
    const priceIds = data.items.map((item) => item.price?.id ?? item.price_id).filter((id) => typeof id === "string");
    const lifetimePriceId = priceIds.find((id) => productKeyOfPrice(settings.catalog, id) === "lifetime");
    if (lifetimePriceId)
      await upsertLifetimeRow(db, {
        userId,
        transactionId: data.id,
        priceId: lifetimePriceId,
        customerId: data.customer_id ?? null,
        occurredAt,
      });
    await linkAndAdopt(db, settings, { userId, customerId: data.customer_id });
    await recomputeEntitlement(db, settings, { userId });
    return { userId, error: null };
  }
  if (isOneOf(customerEventTypes, event.event_type)) {
    const parsed = paddleCustomerData.safeParse(event.data);
    if (!parsed.success) return { userId: null, error: "invalid data" };
    const userId = await findUserOfPaddle(db, { customData: null, customerId: parsed.data.id });
    if (!userId) return { userId: null, error: noUserError };
    await setPaddleCustomerEmail(db, { userId, email: parsed.data.email ?? null });
    return { userId, error: null };
  }
  // Other event types are kept for the record only.
  return { userId: null, error: null };
}

/**
 * The first customer id a user pays with is kept on the user; events that came before it (the
 * customer.created that Paddle sends first) are applied again now that their user is known.
 */
async function linkAndAdopt(
  db: Database,
  settings: Settings,
  { userId, customerId }: { userId: string; customerId: string | null | undefined },
): Promise<void> {
  if (!customerId || !(await linkPaddleCustomer(db, { userId, customerId }))) return;
  await adoptOrphanEvents(db, settings, { customerId });
}

/** Applies again the stored events of a customer that had no user when they arrived (oldest first). */
export async function adoptOrphanEvents(db: Database, settings: Settings, { customerId }: { customerId: string }): Promise<void> {
  for (const orphan of await listOrphanEventsOfCustomer(db, { customerId })) {
    const event = {
      event_id: orphan.eventId,
      event_type: orphan.eventType,
      occurred_at: orphan.occurredAt.toISOString(),
      notification_id: orphan.notificationId,
      data: (orphan.payload.data ?? {}) as Record<string, unknown>,
    };
    const applied = await applyPaddleEvent(db, settings, event);
    if (applied.userId) await markPaddleEventApplied(db, { eventId: orphan.eventId, applied });
  }
}
