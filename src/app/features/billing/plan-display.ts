import type { Discount, Price } from "~/shared/billing/billing-api";
import {
  type BillingIntervalKey,
  billingIntervalParts,
  discountedAmount,
  formatPerDay,
  formatPrice,
  type IntervalUnit,
  planTitleParts,
} from "~/shared/billing/price-math";

/** What a plan card or the checkout summary shows of one price (spec section 9), before translation. */
export interface PlanDisplay {
  /** ICU plural input of the title: "12 months", "3 months", "1 month", "Lifetime". */
  title: { count: number; unit: IntervalUnit | "lifetime" };
  /** The price to pay now: discounted when there is a discount. */
  price: string;
  /** The price before the discount (shown struck through); null without a discount. */
  originalPrice: string | null;
  discountPercent: number | null;
  /** "$0.19" for recurring plans; null for a one-time price (no days to spread it over). */
  perDay: string | null;
  interval: { count: number; key: BillingIntervalKey };
}

export function planDisplay(price: Price, discount: Discount | null, symbol: string): PlanDisplay {
  const hasDiscount = discount !== null && discount.amount > 0;
  const amount = hasDiscount ? discountedAmount(price.unit_amount, discount.amount) : price.unit_amount;
  const interval = billingIntervalParts(price);
  return {
    title: planTitleParts(price),
    price: formatPrice(amount, symbol),
    originalPrice: hasDiscount ? formatPrice(price.unit_amount, symbol) : null,
    discountPercent: hasDiscount ? discount.amount : null,
    perDay: price.recurring ? formatPerDay(amount, price.recurring, symbol) : null,
    interval: { count: interval.count, key: interval.key },
  };
}
