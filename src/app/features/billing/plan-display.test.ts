import { describe, expect, it } from "vitest";
import type { Price } from "~/shared/billing/billing-api";
import { planDisplay } from "./plan-display";

// What a plan card shows (spec sections 2 and 9), from the price maths.

const yearly: Price = {
  id: "pri_year",
  unit_amount: 6999,
  currency: "USD",
  nickname: null,
  product: "pro_1",
  type: "recurring",
  unit_amount_decimal: "6999",
  offers_free_trial: false,
  recurring: { interval: "year", interval_count: 1, trial_period_days: null, usage_type: "licensed" },
};

describe("plan card content", () => {
  it("a yearly plan reads 12 months, its price, its per-day cost and its billing interval", () => {
    expect(planDisplay(yearly, null, "$")).toEqual({
      title: { count: 12, unit: "month" },
      price: "$69.99",
      originalPrice: null,
      discountPercent: null,
      perDay: "$0.19",
      interval: { count: 1, key: "yearly" },
    });
  });

  it("a discount shows the discounted price, keeps the old one to strike, and lowers the per-day cost", () => {
    expect(planDisplay(yearly, { id: "dsc_71", amount: 71 }, "€")).toMatchObject({
      price: "€20.30",
      originalPrice: "€69.99",
      discountPercent: 71,
      perDay: "€0.01",
    });
  });

  it("a 0% discount is no discount", () => {
    expect(planDisplay(yearly, { id: "dsc_0", amount: 0 }, "$")).toMatchObject({
      price: "$69.99",
      originalPrice: null,
      discountPercent: null,
    });
  });

  it("a lifetime price has no per-day cost", () => {
    expect(planDisplay({ ...yearly, type: "one_time", recurring: null }, null, "$")).toMatchObject({
      title: { count: 1, unit: "lifetime" },
      perDay: null,
      interval: { count: 1, key: "lifetime" },
    });
  });
});
