import type { IDiscountResponse, IPriceResponse, IProductResponse, ITimePeriod } from "@paddle/paddle-node-sdk";
import { defaultCatalog, defaultDiscountCatalog } from "../../../src/core/billing/settings";
import type { ProductKey } from "../../../src/shared/billing/subscription";

// The products, prices and discounts the stand-in knows from the start: the app's default catalog
// (core/billing/settings.ts), so an app without PADDLE_CATALOG finds every price id here. Tiers t1 and t5 cost the
// same; amounts are USD cents as Paddle writes them (strings).

export const standInProductId = "pro_01parleyproplan000000000";
// A fixed creation time keeps the catalog entities identical across runs.
const catalogCreatedAt = "2024-01-01T00:00:00.000Z";

const priceShapes: Record<ProductKey, { amount: string; description: string; billingCycle: ITimePeriod | null }> = {
  "1month": { amount: "1999", description: "Pro monthly", billingCycle: { interval: "month", frequency: 1 } },
  "3month": { amount: "4498", description: "Pro every 3 months", billingCycle: { interval: "month", frequency: 3 } },
  "1year": { amount: "6999", description: "Pro yearly", billingCycle: { interval: "year", frequency: 1 } },
  // One-time purchase: Paddle prices without a billing cycle never renew.
  lifetime: { amount: "19900", description: "Pro lifetime", billingCycle: null },
};

export const standInProduct: IProductResponse = {
  id: standInProductId,
  name: "Parley Pro",
  type: "standard",
  description: "Unlimited transcription, uploads and meetings.",
  tax_category: "saas",
  image_url: null,
  custom_data: null,
  status: "active",
  created_at: catalogCreatedAt,
  updated_at: catalogCreatedAt,
  import_meta: null,
};

function priceEntity(id: string, key: ProductKey): IPriceResponse {
  const shape = priceShapes[key];
  return {
    id,
    product_id: standInProductId,
    description: shape.description,
    type: "standard",
    name: shape.description,
    billing_cycle: shape.billingCycle,
    trial_period: null,
    tax_mode: "account_setting",
    unit_price: { amount: shape.amount, currency_code: "USD" },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: "active",
    created_at: catalogCreatedAt,
    updated_at: catalogCreatedAt,
    custom_data: null,
    import_meta: null,
  };
}

function discountEntity(id: string, percent: string): IDiscountResponse {
  return {
    id,
    status: "active",
    description: `${percent}% off`,
    enabled_for_checkout: true,
    code: null,
    mode: "standard",
    type: "percentage",
    amount: percent,
    currency_code: null,
    recur: true,
    maximum_recurring_intervals: null,
    usage_limit: null,
    restrict_to: null,
    expires_at: null,
    custom_data: null,
    times_used: 0,
    created_at: catalogCreatedAt,
    updated_at: catalogCreatedAt,
    import_meta: null,
    discount_group_id: null,
    discount_group: null,
  };
}

export interface Catalog {
  product: IProductResponse;
  prices: Map<string, IPriceResponse>;
  discounts: Map<string, IDiscountResponse>;
}

export function seedCatalog(): Catalog {
  const prices = new Map<string, IPriceResponse>();
  for (const tier of Object.values(defaultCatalog))
    for (const [key, id] of Object.entries(tier) as [ProductKey, string][]) prices.set(id, priceEntity(id, key));
  const discounts = new Map<string, IDiscountResponse>([
    [defaultDiscountCatalog.discount60, discountEntity(defaultDiscountCatalog.discount60, "60")],
    [defaultDiscountCatalog.discount71, discountEntity(defaultDiscountCatalog.discount71, "71")],
  ]);
  return { product: standInProduct, prices, discounts };
}
