import { describe, expect, it } from "vitest";
import type { Price } from "./billing-api";
import {
  billingIntervalLabel,
  billingIntervalParts,
  currencySymbol,
  discountedAmount,
  formatDiscountedPrice,
  formatPerDay,
  formatPrice,
  perDayPrice,
  planTitleParts,
  revenueEstimate,
} from "./price-math";

type Recurring = Price["recurring"];
const every = (interval: NonNullable<Recurring>["interval"], count = 1): Recurring => ({
  interval,
  interval_count: count,
  trial_period_days: null,
  usage_type: "licensed",
});
const oneTime = { recurring: null };

describe("planTitleParts (spec 9: yearly ×1 reads 12 months)", () => {
  it.each<[string, Recurring, { count: number; unit: string }]>([
    ["1 month stays singular input", every("month"), { count: 1, unit: "month" }],
    ["2 months", every("month", 2), { count: 2, unit: "month" }],
    ["3 months", every("month", 3), { count: 3, unit: "month" }],
    ["1 year reads 12 months", every("year"), { count: 12, unit: "month" }],
    ["2 years stay years", every("year", 2), { count: 2, unit: "year" }],
    ["1 week", every("week"), { count: 1, unit: "week" }],
    ["2 days", every("day", 2), { count: 2, unit: "day" }],
  ])("%s", (_name, recurring, expected) => {
    expect(planTitleParts({ recurring })).toEqual(expected);
  });

  it("one-time prices read lifetime", () => {
    expect(planTitleParts(oneTime)).toEqual({ count: 1, unit: "lifetime" });
  });
});

describe("billingIntervalLabel (spec 9: frequency above 1 + interval + 'ly')", () => {
  it.each<[Recurring, string]>([
    [every("month"), "monthly"],
    [every("month", 3), "3 monthly"],
    [every("year"), "yearly"],
    [every("year", 2), "2 yearly"],
    [every("week"), "weekly"],
    // The literal rule, kept on purpose: translated text uses billingIntervalParts' "daily" key.
    [every("day"), "dayly"],
  ])("%o → %s", (recurring, expected) => {
    expect(billingIntervalLabel({ recurring })).toBe(expected);
  });

  it("one-time prices read lifetime", () => {
    expect(billingIntervalLabel(oneTime)).toBe("lifetime");
  });
});

describe("billingIntervalParts (translation key and count)", () => {
  it.each<[Recurring, { count: number; unit: string; key: string }]>([
    [every("day"), { count: 1, unit: "day", key: "daily" }],
    [every("week", 2), { count: 2, unit: "week", key: "weekly" }],
    [every("month", 3), { count: 3, unit: "month", key: "monthly" }],
    // Unlike the plan title, the interval label keeps a yearly price yearly.
    [every("year"), { count: 1, unit: "year", key: "yearly" }],
  ])("%o", (recurring, expected) => {
    expect(billingIntervalParts({ recurring })).toEqual(expected);
  });

  it("one-time prices read lifetime", () => {
    expect(billingIntervalParts(oneTime)).toEqual({ count: 1, unit: "lifetime", key: "lifetime" });
  });
});

describe("formatPrice (spec 9: symbol + cents / 100, 2 decimals)", () => {
  it.each<[number, string, string]>([
    [1999, "$", "$19.99"],
    [0, "$", "$0.00"],
    [5, "€", "€0.05"],
    [50, "£", "£0.50"],
    [100000, "R$", "R$1000.00"],
    [1005, "$", "$10.05"],
    [123456789, "$", "$1234567.89"],
  ])("%i with %s → %s", (cents, symbol, expected) => {
    expect(formatPrice(cents, symbol)).toBe(expected);
  });
});

describe("discountedAmount and formatDiscountedPrice (spec 9: × (1 − percent/100), nearest cent)", () => {
  it.each<[number, number, number]>([
    [6999, 0, 6999],
    [6999, 71, 2030], // 2029.71 rounds up
    [6999, 60, 2800], // 2799.6 rounds up
    [4498, 25, 3374], // 3373.5 rounds half up
    [1999, 71, 580], // 579.71
    [6999, 100, 0],
    [0, 71, 0],
    [1000, 150, 0], // clamped: a discount never makes a price negative
    [1000, -10, 1000], // clamped: a discount never raises a price
  ])("%i at %i%% → %i", (cents, percent, expected) => {
    expect(discountedAmount(cents, percent)).toBe(expected);
  });

  it("formats the discounted amount with the symbol", () => {
    expect(formatDiscountedPrice(6999, 71, "$")).toBe("$20.30");
    expect(formatDiscountedPrice(6999, 0, "€")).toBe("€69.99");
    expect(formatDiscountedPrice(6999, 100, "£")).toBe("£0.00");
  });
});

describe("perDayPrice (spec 9: last cent digit 9, never rounded up, 0.01 under ten cents)", () => {
  it.each<[string, number, Recurring, number]>([
    ["$19.99/month: 0.666 would go up to 0.69 → 0.59", 1999, every("month"), 0.59],
    ["$69.99/year: 0.1917 → 0.19", 6999, every("year"), 0.19],
    ["$44.98 per 3 months: 0.4997 → 0.49", 4498, every("month", 3), 0.49],
    ["$1.00/year: under ten cents → 0.01", 100, every("year"), 0.01],
    ["exactly 0.49/day stays 0.49", 49, every("day"), 0.49],
    ["0.50/day: 0.59 > 0.50 → 0.49", 50, every("day"), 0.49],
    ["0.099/day (99 cents per 10 days) → 0.01", 99, every("day", 10), 0.01],
    ["exactly 0.10/day → 0.09 (0.19 would go up)", 10, every("day"), 0.09],
    ["0.09/day → 0.01", 9, every("day"), 0.01],
    ["$7.00/week: 1.00 → 0.99", 700, every("week"), 0.99],
    ["$13.93/week: 1.99 exactly", 1393, every("week"), 1.99],
    ["zero price → 0.01", 0, every("month"), 0.01],
    ["$69.99 every 2 years uses 730 days: 0.0958 → 0.01", 6999, every("year", 2), 0.01],
    ["one-time price counts as one day: $99.99 → 99.99", 9999, null, 99.99],
    ["one-time $100.00 → 99.99", 10000, null, 99.99],
    ["discounted $20.30/year (71% off $69.99): 0.0556 → 0.01", 2030, every("year"), 0.01],
  ])("%s", (_name, cents, recurring, expected) => {
    expect(perDayPrice(cents, recurring)).toBe(expected);
  });

  it("formats with the symbol", () => {
    expect(formatPerDay(6999, every("year"), "$")).toBe("$0.19");
    expect(formatPerDay(1999, every("month"), "€")).toBe("€0.59");
    expect(formatPerDay(100, every("year"), "£")).toBe("£0.01");
  });
});

describe("currencySymbol (spec 9: 20 mapped codes, default $)", () => {
  it.each<[string, string]>([
    ["USD", "$"],
    ["MXN", "$"],
    ["BRL", "R$"],
    ["AUD", "A$"],
    ["CAD", "C$"],
    ["EUR", "€"],
    ["GBP", "£"],
    ["HKD", "HK$"],
    ["THB", "฿"],
    ["CNY", "¥"],
    ["KRW", "₩"],
    ["TWD", "NT$"],
    ["SGD", "S$"],
    ["INR", "₹"],
    ["CHF", "CHF"],
    ["NOK", "kr"],
    ["NZD", "NZ$"],
    ["JPY", "¥"],
    ["TRY", "₺"],
    ["COP", "$"],
  ])("%s → %s", (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it("matches codes whatever their letter case", () => {
    expect(currencySymbol("eur")).toBe("€");
    expect(currencySymbol("Gbp")).toBe("£");
  });

  it.each<[string | null | undefined]>([["SEK"], ["XYZ"], [""], [null], [undefined]])("falls back to $ for %o", (code) => {
    expect(currencySymbol(code)).toBe("$");
  });
});

describe("revenueEstimate (spec 9: price − (5% of price + 0.5))", () => {
  it.each<[number, number]>([
    [69.99, 65.99], // 69.99 − 3.4995 − 0.5 = 65.9905
    [19.99, 18.49], // 19.99 − 0.9995 − 0.5 = 18.4905
    [10, 9], // 10 − 0.5 − 0.5
    [0, -0.5], // the literal formula still counts the fixed fee
  ])("%d → %d", (price, expected) => {
    expect(revenueEstimate(price)).toBe(expected);
  });
});
