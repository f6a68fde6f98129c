import { z } from "zod";
import { type PaywallFlow, type PaywallFlowName, paywallFlowSchema } from "~/shared/billing/billing-api";
import { limitsSchema } from "~/shared/billing/limits-schema";
import { defaultLimits, type Limits, type PlanId, unlimitedLimits } from "~/shared/billing/plans";
import { productKeys } from "~/shared/billing/subscription";
import { environmentFromHost } from "~/shared/environment";

// Billing settings (issue 7): plan limits, Paddle Billing (server key, webhook secret, client token and
// script), the price catalog per pricing tier and the paywall structure. Payments are off until
// PADDLE_API_KEY is set (decision 022): a self-hosted install with no paywall, limits only where the
// operator set them, and nothing third-party loaded.

const jsonOf = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

const catalogSchema = z.record(z.enum(["t1", "t5"]), z.record(z.enum(productKeys), z.string().min(1)));
export type PriceCatalog = z.infer<typeof catalogSchema>;

/** interpretations 9: price ids per pricing tier; the defaults are the stand-in's (tests) until configured. */
export const defaultCatalog: PriceCatalog = {
  t1: {
    "1month": "pri_01parleyt1month1",
    "3month": "pri_01parleyt1month3",
    "1year": "pri_01parleyt1year01",
    lifetime: "pri_01parleyt1lifetm",
  },
  t5: {
    "1month": "pri_01parleyt5month1",
    "3month": "pri_01parleyt5month3",
    "1year": "pri_01parleyt5year01",
    lifetime: "pri_01parleyt5lifetm",
  },
};
/** spec "Discount catalog": discount names of the paywall structure → Paddle discount ids. */
export const defaultDiscountCatalog: Record<"discount60" | "discount71", string> = {
  discount60: "dsc_01parleydiscount60",
  discount71: "dsc_01parleydiscount71",
};

/** interpretations 25. */
export const defaultPaywallStructure: Record<PaywallFlowName, PaywallFlow> = {
  default: paywallFlowSchema.parse({
    products: ["1month", "3month", "1year"],
    selected_index: 2,
    most_popular: 2,
    save_badges: { 1: "25%", 2: "71%" },
    discounts: [],
  }),
  SecretOffer: paywallFlowSchema.parse({
    products: ["1month", "3month", "1year"],
    selected_index: 2,
    most_popular: 2,
    save_badges: { 1: "25%", 2: "71%" },
    discount: "discount71",
    discounts: ["discount71", "discount71", "discount71"],
  }),
};

export const billingEnvShape = {
  /** JSON limits map of the free plan (null = unlimited); unset: interpretations 4, or unlimited with payments off. */
  BILLING_FREE_LIMITS: jsonOf(limitsSchema).optional(),
  /** JSON limits map of Pro; unset: interpretations 4, or the free plan's with payments off. */
  BILLING_PRO_LIMITS: jsonOf(limitsSchema).optional(),
  /** Paddle Billing server API key; unset = payments off. */
  PADDLE_API_KEY: z.string().min(1).optional(),
  PADDLE_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  /** Paddle API origin; unset: Paddle's sandbox or production API. Tests point it at the stand-in. */
  PADDLE_API_BASE_URL: z.url().optional(),
  /** The notification destination's secret key (pdl_ntfset_…): checks Paddle-Signature. */
  PADDLE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** How old a signed webhook may be (seconds); older ones are refused as replays. */
  PADDLE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Client-side token for Paddle.js (test_… or live_…); unset = no checkout in the browser. */
  PADDLE_CLIENT_TOKEN: z.string().min(1).optional(),
  /** Where Paddle.js is loaded from; tests serve the stand-in's. */
  PADDLE_JS_URL: z.url().default("https://cdn.paddle.com/paddle/v2/paddle.js"),
  /** interpretations 9: t1 on staging, t5 on production; unset = by the request's environment. */
  PADDLE_PRICING_TIER: z.enum(["t1", "t5"]).optional(),
  /** JSON {"t1": {"1month": "pri_…", …}, "t5": {…}}. */
  PADDLE_CATALOG: jsonOf(catalogSchema).optional(),
  /** JSON {"discount60": "dsc_…", "discount71": "dsc_…"}. */
  PADDLE_DISCOUNT_CATALOG: jsonOf(z.record(z.enum(["discount60", "discount71"]), z.string().min(1))).optional(),
  /** JSON {"default": {…flow}, "SecretOffer": {…}} (remote configuration of the paywall). */
  PAYWALL_STRUCTURE: jsonOf(z.record(z.enum(["default", "SecretOffer"]), paywallFlowSchema)).optional(),
};

type BillingEnv = z.infer<z.ZodObject<typeof billingEnvShape>>;

export interface BillingSettings {
  /** PADDLE_API_KEY is set: Pro is sold, the paywall shows (decision 022). */
  paymentsOn: boolean;
  limits: Record<PlanId, Limits>;
  paddle: {
    apiKey: string;
    environment: "sandbox" | "production";
    apiBaseUrl: string;
    webhookSecret: string | null;
    webhookToleranceSeconds: number;
    clientToken: string | null;
    scriptUrl: string;
  } | null;
  pricingTier: "t1" | "t5" | null;
  catalog: PriceCatalog;
  discountCatalog: Record<"discount60" | "discount71", string>;
  paywallStructure: Record<PaywallFlowName, PaywallFlow>;
}

export function billingSettingsFromEnv(env: BillingEnv): BillingSettings {
  return {
    paymentsOn: Boolean(env.PADDLE_API_KEY),
    limits: planLimitsFromEnv(env),
    paddle: env.PADDLE_API_KEY
      ? {
          apiKey: env.PADDLE_API_KEY,
          environment: env.PADDLE_ENVIRONMENT,
          apiBaseUrl:
            env.PADDLE_API_BASE_URL ??
            (env.PADDLE_ENVIRONMENT === "production" ? "https://api.paddle.com" : "https://sandbox-api.paddle.com"),
          webhookSecret: env.PADDLE_WEBHOOK_SECRET ?? null,
          webhookToleranceSeconds: env.PADDLE_WEBHOOK_TOLERANCE_SECONDS,
          clientToken: env.PADDLE_CLIENT_TOKEN ?? null,
          scriptUrl: env.PADDLE_JS_URL,
        }
      : null,
    pricingTier: env.PADDLE_PRICING_TIER ?? null,
    catalog: { ...defaultCatalog, ...env.PADDLE_CATALOG },
    discountCatalog: { ...defaultDiscountCatalog, ...env.PADDLE_DISCOUNT_CATALOG },
    paywallStructure: { ...defaultPaywallStructure, ...env.PAYWALL_STRUCTURE },
  };
}

/**
 * interpretations 4 and 29 (decision 022): with payments on, the limits configured or the defaults. With
 * payments off nothing can be bought, so a limit is only one the operator set: free is unlimited unless
 * BILLING_FREE_LIMITS says otherwise, and Pro (a subscription left from when payments were on) never gets
 * less than free.
 */
function planLimitsFromEnv(env: BillingEnv): Record<PlanId, Limits> {
  if (env.PADDLE_API_KEY) return { free: env.BILLING_FREE_LIMITS ?? defaultLimits.free, pro: env.BILLING_PRO_LIMITS ?? defaultLimits.pro };
  const free = env.BILLING_FREE_LIMITS ?? unlimitedLimits;
  return { free, pro: env.BILLING_PRO_LIMITS ?? free };
}

/**
 * interpretations 27: the origins the browser may reach for Paddle (its script, the checkout frame and its
 * calls), only when the checkout is configured.
 */
export function paddleBrowserOrigins(settings: BillingSettings): string[] {
  if (!settings.paddle?.clientToken) return [];
  return [...new Set([new URL(settings.paddle.scriptUrl).origin, "https://*.paddle.com"])];
}

/** interpretations 9: the catalog's pricing tier for a host: t1 on staging (and localhost), t5 on production, unless configured. */
export function pricingTierFor(settings: Pick<BillingSettings, "pricingTier">, host: string): "t1" | "t5" {
  return settings.pricingTier ?? (environmentFromHost(host) === "production" ? "t5" : "t1");
}
