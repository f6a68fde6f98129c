import type { Discount as PaddleDiscount, PricingPreviewLineItem } from "@paddle/paddle-node-sdk";
import type { Discount, Price } from "~/shared/billing/billing-api";

// Paddle's price preview and discounts in the spec's shapes (spec section 3 "Price" and "Discount",
// Stripe-like names the paywall's price maths read).

const daysPer = { day: 1, week: 7, month: 30, year: 365 } as const;

/** One line item of a price preview; `currency` is the preview's (the buyer's, from their address or IP). */
export function priceOfLineItem(item: PricingPreviewLineItem, currency: string): Price {
  const { price } = item;
  // Minor units as Paddle sends them ("1999"); the preview's subtotal is before tax and discount.
  const parsed = Number.parseInt(item.unitTotals.subtotal, 10);
  const unitAmount = Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
  const cycle = price.billingCycle;
  const trial = price.trialPeriod;
  return {
    id: price.id,
    unit_amount: unitAmount,
    currency,
    nickname: price.description || null,
    product: price.productId,
    type: cycle ? "recurring" : "one_time",
    unit_amount_decimal: String(unitAmount),
    offers_free_trial: trial !== null,
    recurring: cycle
      ? {
          interval: cycle.interval,
          interval_count: cycle.frequency,
          trial_period_days: trial ? trial.frequency * daysPer[trial.interval] : null,
          usage_type: "licensed",
        }
      : null,
  };
}

/**
 * The prices asked for, in the order asked, with their product names; null when the preview lacks one of
 * them (spec section 5: a preview with empty line items is a failure).
 */
export function pricesFromPreview(
  preview: { currencyCode: string; details: { lineItems: PricingPreviewLineItem[] } },
  priceIds: readonly string[],
): { prices: Price[]; productNames: string[] } | null {
  const byId = new Map(preview.details.lineItems.map((item) => [item.price.id, item]));
  const items = priceIds.map((id) => byId.get(id));
  if (items.length === 0 || items.some((item) => item === undefined)) return null;
  const found = items.filter((item) => item !== undefined);
  return {
    prices: found.map((item) => priceOfLineItem(item, preview.currencyCode)),
    productNames: found.map((item) => item.product.name),
  };
}

/** spec section 3 "Discount": percentage discounts by id; flat amounts are not percentages and are left out. */
export function discountsById(discounts: readonly PaddleDiscount[]): Record<string, Discount> {
  const result: Record<string, Discount> = {};
  for (const discount of discounts) {
    const amount = Number(discount.amount);
    if (discount.type !== "percentage" || !Number.isFinite(amount) || amount < 0 || amount > 100) continue;
    result[discount.id] = { id: discount.id, amount };
  }
  return result;
}
