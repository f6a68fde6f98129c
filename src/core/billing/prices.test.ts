import { Discount, PricingPreview } from "@paddle/paddle-node-sdk";
import { describe, expect, it } from "vitest";
import { discountsById, pricesFromPreview } from "./prices";

// Paddle's price preview and discounts (snake_case JSON read by the SDK's own entity classes, as the
// API answers them) in the spec's Price and Discount shapes.

type PreviewJson = ConstructorParameters<typeof PricingPreview>[0];
type DiscountJson = ConstructorParameters<typeof Discount>[0];

function lineItem(id: string, subtotal: string, cycle: { interval: string; frequency: number } | null, trial: unknown = null) {
  const product = { id: `pro_${id}`, name: `Product ${id}`, tax_category: "standard", status: "active", created_at: "", updated_at: "" };
  const totals = { subtotal, discount: "0", tax: "0", total: subtotal };
  return {
    price: {
      id,
      product_id: product.id,
      description: `Price ${id}`,
      type: "standard",
      name: null,
      billing_cycle: cycle,
      trial_period: trial,
      tax_mode: "account_setting",
      unit_price: { amount: "999", currency_code: "USD" },
      unit_price_overrides: [],
      quantity: { minimum: 1, maximum: 1 },
      status: "active",
      created_at: "",
      updated_at: "",
    },
    quantity: 1,
    tax_rate: "0",
    unit_totals: totals,
    formatted_unit_totals: totals,
    totals,
    formatted_totals: totals,
    product,
    discounts: [],
  };
}
const preview = (items: unknown[], currency = "EUR") =>
  new PricingPreview({ currency_code: currency, details: { line_items: items } } as unknown as PreviewJson);

describe("prices from a Paddle price preview", () => {
  const monthly = lineItem("pri_m", "1999", { interval: "month", frequency: 1 });
  const quarterly = lineItem("pri_q", "4498", { interval: "month", frequency: 3 }, { interval: "week", frequency: 2 });
  const lifetime = lineItem("pri_l", "19900", null);

  it("maps each line item to the spec's Price, in the preview's currency", () => {
    const result = pricesFromPreview(preview([monthly, quarterly, lifetime]), ["pri_m", "pri_q", "pri_l"]);
    expect(result?.productNames).toEqual(["Product pri_m", "Product pri_q", "Product pri_l"]);
    expect(result?.prices).toEqual([
      {
        id: "pri_m",
        unit_amount: 1999,
        currency: "EUR",
        nickname: "Price pri_m",
        product: "pro_pri_m",
        type: "recurring",
        unit_amount_decimal: "1999",
        offers_free_trial: false,
        recurring: { interval: "month", interval_count: 1, trial_period_days: null, usage_type: "licensed" },
      },
      expect.objectContaining({
        id: "pri_q",
        unit_amount: 4498,
        offers_free_trial: true,
        recurring: { interval: "month", interval_count: 3, trial_period_days: 14, usage_type: "licensed" },
      }),
      expect.objectContaining({ id: "pri_l", unit_amount: 19900, type: "one_time", unit_amount_decimal: "19900", recurring: null }),
    ]);
  });

  it("answers in the order asked, whatever order Paddle used", () => {
    const result = pricesFromPreview(preview([monthly, quarterly, lifetime]), ["pri_l", "pri_m", "pri_q"]);
    expect(result?.prices.map((price) => price.id)).toEqual(["pri_l", "pri_m", "pri_q"]);
    expect(result?.productNames).toEqual(["Product pri_l", "Product pri_m", "Product pri_q"]);
  });

  it("is a failure when line items are empty or one asked for is missing (spec section 5)", () => {
    expect(pricesFromPreview(preview([]), ["pri_m"])).toBeNull();
    expect(pricesFromPreview(preview([monthly]), ["pri_m", "pri_q"])).toBeNull();
    expect(pricesFromPreview(preview([monthly]), [])).toBeNull();
  });
});

describe("discounts from Paddle", () => {
  const discount = (id: string, type: string, amount: string) =>
    new Discount({
      id,
      status: "active",
      description: id,
      enabled_for_checkout: true,
      code: null,
      mode: "standard",
      type,
      amount,
      currency_code: null,
      recur: false,
      created_at: "",
      updated_at: "",
    } as unknown as DiscountJson);

  it("keys percentage discounts by id with a numeric amount, leaving out flat amounts", () => {
    expect(
      discountsById([discount("dsc_60", "percentage", "60"), discount("dsc_12", "percentage", "12.5"), discount("dsc_f", "flat", "500")]),
    ).toEqual({
      dsc_60: { id: "dsc_60", amount: 60 },
      dsc_12: { id: "dsc_12", amount: 12.5 },
    });
  });
});
