import { describe, expect, it } from "vitest";
import type { Price } from "./billing-api";
import { startingPrice } from "./landing-plans";

const price = (id: string, unitAmount: number, recurring: { interval: "month" | "year"; count: number } | null): Price => ({
  id,
  unit_amount: unitAmount,
  currency: "USD",
  nickname: null,
  product: "pro_01",
  type: recurring ? "recurring" : "one_time",
  unit_amount_decimal: String(unitAmount),
  offers_free_trial: false,
  recurring: recurring
    ? { interval: recurring.interval, interval_count: recurring.count, trial_period_days: null, usage_type: "licensed" }
    : null,
});

describe("startingPrice", () => {
  it("is the lowest price per month among the recurring prices, with the price it is billed at", () => {
    const prices = [
      price("m1", 1999, { interval: "month", count: 1 }),
      price("m3", 4498, { interval: "month", count: 3 }),
      price("y1", 6999, { interval: "year", count: 1 }),
      price("life", 19900, null),
    ];
    expect(startingPrice(prices)).toEqual({ amount: 6999, currency: "USD", unit: "year", count: 1, monthlyAmount: 583 });
  });

  it("falls back to a one-time price only when nothing recurs, and is null for no prices", () => {
    expect(startingPrice([price("life", 19900, null)])).toEqual({
      amount: 19900,
      currency: "USD",
      unit: "lifetime",
      count: 1,
      monthlyAmount: null,
    });
    expect(startingPrice([])).toBeNull();
  });
});
