import type { Paddle, Discount as PaddleDiscount, Subscription as PaddleSubscription } from "@paddle/paddle-node-sdk";
import type { Database } from "~/infra/db/client";
import type { Discount, Price } from "~/shared/billing/billing-api";
import type { Subscription } from "~/shared/billing/subscription";
import { findBillingAccount, findRecurringSubscription } from "./data";
import { applySubscriptionAnswer, lockUserBilling, recomputeEntitlement } from "./mutations";
import { callPaddle } from "./paddle-client";
import { discountsById, pricesFromPreview } from "./prices";
import type { BillingSettings } from "./settings";

// What the billing API asks of Paddle. Every call goes through callPaddle, so a refusal or an outage
// is one PaddleCallError (502 PADDLE_API_ERROR) and never an unhandled SDK error.

type Settings = Pick<BillingSettings, "catalog">;

/** Prices in the buyer's currency (from their public IP when known); null when Paddle answered no line items. */
export async function previewPrices(
  paddle: Paddle,
  { priceIds, customerIpAddress }: { priceIds: readonly string[]; customerIpAddress: string | null },
): Promise<{ prices: Price[]; productNames: string[] } | null> {
  const preview = await callPaddle(() =>
    paddle.pricingPreview.preview({
      items: priceIds.map((priceId) => ({ priceId, quantity: 1 })),
      ...(customerIpAddress ? { customerIpAddress } : {}),
    }),
  );
  return pricesFromPreview(preview, priceIds);
}

export async function listDiscounts(
  paddle: Paddle,
  { discountIds }: { discountIds: readonly string[] },
): Promise<Record<string, Discount>> {
  const found = await callPaddle(async () => {
    const discounts: PaddleDiscount[] = [];
    for await (const discount of paddle.discounts.list({ id: [...discountIds], perPage: 50 })) discounts.push(discount);
    return discounts;
  });
  return discountsById(found);
}

function answerOf(subscription: PaddleSubscription) {
  const change = subscription.scheduledChange;
  return {
    id: subscription.id,
    status: subscription.status,
    nextBilledAt: subscription.nextBilledAt,
    canceledAt: subscription.canceledAt,
    updatedAt: subscription.updatedAt,
    scheduledChange: change ? { action: change.action, effective_at: change.effectiveAt, resume_at: change.resumeAt } : null,
  };
}

async function saveAnswer(db: Database, settings: Settings, userId: string, answer: PaddleSubscription): Promise<Subscription | null> {
  return db.transaction(async (tx) => {
    await lockUserBilling(tx, { userId });
    await applySubscriptionAnswer(tx, { userId, subscription: answerOf(answer) });
    return recomputeEntitlement(tx, settings, { userId });
  });
}

export type ManageOutcome = { kind: "noSubscription" } | { kind: "done"; subscription: Subscription | null };

/** Cancels the user's recurring subscription at the end of the paid period: Pro stays until then. */
export async function cancelAtPeriodEnd(
  db: Database,
  paddle: Paddle,
  settings: Settings,
  { userId }: { userId: string },
): Promise<ManageOutcome> {
  const row = await findRecurringSubscription(db, { userId });
  if (!row) return { kind: "noSubscription" };
  // Already scheduled (a second click, a second tab): Paddle would refuse the change; nothing to do.
  if (row.scheduledChange?.action === "cancel")
    return { kind: "done", subscription: (await findBillingAccount(db, { userId }))?.subscription ?? null };
  const answer = await callPaddle(() => paddle.subscriptions.cancel(row.id, { effectiveFrom: "next_billing_period" }));
  return { kind: "done", subscription: await saveAnswer(db, settings, userId, answer) };
}

/** Takes back a scheduled cancellation: the subscription renews as before. */
export async function stopCancellation(
  db: Database,
  paddle: Paddle,
  settings: Settings,
  { userId }: { userId: string },
): Promise<ManageOutcome> {
  const row = await findRecurringSubscription(db, { userId });
  if (!row) return { kind: "noSubscription" };
  const answer = await callPaddle(() => paddle.subscriptions.update(row.id, { scheduledChange: null }));
  return { kind: "done", subscription: await saveAnswer(db, settings, userId, answer) };
}
