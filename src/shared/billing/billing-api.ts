import { z } from "zod";
import { limitsSchema } from "./limits-schema";
import { planIds } from "./plans";
import { productKeys, subscriptionSchema } from "./subscription";

// Answers of the billing calls (spec section 7, interpretations 25). Every answer that the spec gives a
// `data` field carries `{ success: true, data }`; plan and usage answer their object as it is. Each answer
// is a named component in /api/openapi.json (zod's `.meta({ id })`).

/** GET /api/user/plan (spec section 3 "Plan data"). */
export const planResponseSchema = z
  .object({
    id: z.enum(planIds),
    subscription: subscriptionSchema.nullable(),
    limits: limitsSchema,
    /**
     * Whether this server sells Pro (Paddle configured). Off (a self-hosted install, interpretations 29):
     * no paywall, no upgrade offers, and the limits are the operator's.
     */
    paymentsOn: z.boolean(),
  })
  .meta({ id: "UserPlan" });
export type PlanResponse = z.infer<typeof planResponseSchema>;

/** spec section 3 "Price" (Stripe-like names, filled from Paddle's price preview). */
export const priceSchema = z.object({
  id: z.string(),
  /** Minor units (cents), in the buyer's currency from the preview. */
  unit_amount: z.number().int().nonnegative(),
  currency: z.string(),
  nickname: z.string().nullable(),
  /** Paddle product id. */
  product: z.string(),
  type: z.enum(["recurring", "one_time"]),
  unit_amount_decimal: z.string(),
  offers_free_trial: z.boolean(),
  recurring: z
    .object({
      interval: z.enum(["day", "week", "month", "year"]),
      interval_count: z.number().int().positive(),
      trial_period_days: z.number().int().nonnegative().nullable(),
      usage_type: z.literal("licensed"),
    })
    .nullable(),
});
export type Price = z.infer<typeof priceSchema>;

/** GET /api/paddle/prices?priceIds=a,b&source= → prices in the order asked, with product names. */
export const pricesResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ prices: z.array(priceSchema), productNames: z.array(z.string()) }),
  })
  .meta({ id: "PricesResponse" });

/** spec section 3 "Discount": amount is a percentage. */
export const discountSchema = z.object({ id: z.string(), amount: z.number().min(0).max(100) });
export type Discount = z.infer<typeof discountSchema>;
/** GET /api/paddle/discounts?discountIds=a,b → data keyed by discount id. */
export const discountsResponseSchema = z
  .object({ success: z.literal(true), data: z.record(z.string(), discountSchema) })
  .meta({ id: "DiscountsResponse" });

/** spec section 3 "Paywall structure", one flow. */
export const paywallFlowSchema = z.object({
  layout: z.string().default("default"),
  discount: z.string().nullable().default(null),
  selected_index: z.number().int().nonnegative().default(0),
  most_popular: z.number().int().nonnegative().nullable().default(null),
  save_badges: z.record(z.string(), z.string()).default({}),
  free_product_text: z.string().nullable().default(null),
  per_day_layout: z.boolean().default(true),
  products: z.array(z.enum(productKeys)).min(1),
  discounts: z.array(z.enum(["discount60", "discount71"])).default([]),
});
export type PaywallFlow = z.infer<typeof paywallFlowSchema>;
export const paywallFlowNames = ["default", "SecretOffer"] as const;
export type PaywallFlowName = (typeof paywallFlowNames)[number];

/**
 * GET /api/paywall/structure?flow= → the flow, the price ids of its products in the pricing tier's
 * catalog (same order), and the discount ids of its discounts (parallel to the prices by index; empty
 * when the flow has none).
 */
export const paywallStructureResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      flow: z.enum(paywallFlowNames),
      structure: paywallFlowSchema,
      pricingTier: z.enum(["t1", "t5"]),
      priceIds: z.array(z.string()),
      discountIds: z.array(z.string()),
      /** Every product of the tier's catalog (lifetime included, interpretations 24) for /checkout/{productId}. */
      catalog: z.partialRecord(z.enum(productKeys), z.string()),
    }),
  })
  .meta({ id: "PaywallStructureResponse" });
export type PaywallStructureResponse = z.infer<typeof paywallStructureResponseSchema>["data"];

/** GET /api/paddle/config → what the browser needs for Paddle.js; null when payments are not configured. */
export const paddleConfigResponseSchema = z
  .object({
    success: z.literal(true),
    data: z
      .object({
        clientToken: z.string(),
        environment: z.enum(["sandbox", "production"]),
        scriptUrl: z.url(),
      })
      .nullable(),
  })
  .meta({ id: "PaddleConfigResponse" });
export type PaddleClientConfig = NonNullable<z.infer<typeof paddleConfigResponseSchema>["data"]>;

/** GET /api/payment/subscriptions?cid=&transactionId= */
export const subscriptionCheckResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ isActive: z.boolean(), subscription: subscriptionSchema.nullable() }),
  })
  .meta({ id: "SubscriptionCheckResponse" });

/** POST /api/paddle/cancel-subscription and /api/paddle/stop-cancellation: the entitlement after the change. */
export const subscriptionChangeResponseSchema = z
  .object({ success: z.literal(true), data: z.object({ subscription: subscriptionSchema.nullable() }) })
  .meta({ id: "SubscriptionChangeResponse" });

/** POST /api/paddle/customer-update: stored (the spec's nested success). */
export const customerUpdateResponseSchema = z
  .object({ success: z.literal(true), data: z.object({ success: z.literal(true) }) })
  .meta({ id: "CustomerUpdateResponse" });

/** POST /api/paddle/customer-update body. */
export const customerUpdateInput = z.object({
  customerId: z.string().min(1).max(64),
  paddleCustomerEmail: z.email().max(320).nullable(),
  userId: z.string().min(1),
  cerebroId: z.uuid(),
});

/** spec section 3 "Checkout payload" (what Paddle.Checkout.open gets). */
export interface CheckoutPayload {
  customData: { cerebroId: string; userId: string };
  settings: { locale: string };
  discountId?: string;
  items: { priceId: string; quantity: 1 }[];
  customer?: { email: string };
}
