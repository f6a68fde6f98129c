import type { Price } from "./billing-api";
import type { Limits } from "./plans";

// The plans the landing pages show (rendered on the server, decision 010). Payments off (no Paddle, the
// self-hosted default, interpretations 29): only the free plan, with the limits the operator set. Payments
// on: the free plan and Pro with its real starting price from the catalog, or none when Paddle failed.

/** The cheapest way into Pro: the price of one catalog product and what it comes to per month. */
export interface StartingPrice {
  /** The product's own price in minor units (cents), before tax, in `currency`. */
  amount: number;
  currency: string;
  /** How often it is billed; `lifetime` for a one-time price. */
  unit: "day" | "week" | "month" | "year" | "lifetime";
  count: number;
  /** Cents per month (rounded down), or null for a one-time price. */
  monthlyAmount: number | null;
}

export interface LandingPlans {
  free: Limits;
  /** null while payments are off: there is no Pro to buy. */
  pro: { limits: Limits; startingPrice: StartingPrice | null } | null;
}

const monthsPer = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 } as const;

/**
 * The lowest price per month among the recurring prices (what "From $X per month" means on a pricing page);
 * a one-time price only when there is no recurring one. null for an empty list.
 */
export function startingPrice(prices: readonly Price[]): StartingPrice | null {
  const candidates = prices.map((price): StartingPrice => {
    const recurring = price.recurring;
    if (!recurring) return { amount: price.unit_amount, currency: price.currency, unit: "lifetime", count: 1, monthlyAmount: null };
    const months = monthsPer[recurring.interval] * recurring.interval_count;
    return {
      amount: price.unit_amount,
      currency: price.currency,
      unit: recurring.interval,
      count: recurring.interval_count,
      monthlyAmount: Math.floor(price.unit_amount / months),
    };
  });
  const recurring = candidates.filter((candidate) => candidate.monthlyAmount !== null);
  const pool = recurring.length > 0 ? recurring : candidates;
  return pool.reduce<StartingPrice | null>((best, candidate) => {
    if (!best) return candidate;
    return (candidate.monthlyAmount ?? candidate.amount) < (best.monthlyAmount ?? best.amount) ? candidate : best;
  }, null);
}
