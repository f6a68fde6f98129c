import type { Logger } from "~/infra/logging/logger";
import { type LandingPlans, type StartingPrice, startingPrice } from "~/shared/billing/landing-plans";
import { createPaddleClient, PaddleCallError } from "./paddle-client";
import { previewPrices } from "./service";
import { type BillingSettings, pricingTierFor } from "./settings";

// The plans of the landing pages (shared/billing/landing-plans.ts), rendered on the server for anonymous
// visitors, so Paddle is asked at most once an hour per pricing tier (a failure again after a minute)
// and a page never waits on it longer than a few seconds.

const cacheMs = 60 * 60_000;
const failureCacheMs = 60_000;
const timeoutMs = 3_000;

/** Returns the landing plans for a request's host (its pricing tier). */
export function createLandingPlans(settings: BillingSettings, logger: Logger): (host: string) => Promise<LandingPlans> {
  const paddle = settings.paymentsOn && settings.paddle ? createPaddleClient(settings.paddle) : null;
  const cache = new Map<"t1" | "t5", { value: Promise<StartingPrice | null>; expiresAt: number }>();

  async function load(tier: "t1" | "t5"): Promise<StartingPrice | null> {
    if (!paddle) return null;
    // The products the paywall offers (its default flow), priced in Paddle's base currency: no visitor's address.
    const priceIds = settings.paywallStructure.default.products.map((product) => settings.catalog[tier][product]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PaddleCallError("timeout", `no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([previewPrices(await paddle(), { priceIds, customerIpAddress: null }), timeout]);
      if (!result) throw new PaddleCallError("empty_preview", "the price preview had no line items");
      return startingPrice(result.prices);
    } finally {
      clearTimeout(timer);
    }
  }

  function cachedStartingPrice(tier: "t1" | "t5"): Promise<StartingPrice | null> {
    const now = Date.now();
    const hit = cache.get(tier);
    if (hit && hit.expiresAt > now) return hit.value;
    const entry = { value: load(tier), expiresAt: now + cacheMs };
    cache.set(tier, entry);
    // A landing page never fails over prices: it says they could not be loaded, and the log says why.
    entry.value = entry.value.catch((error: unknown) => {
      const detail = error instanceof PaddleCallError ? { paddleCode: error.code, detail: error.detail } : { err: error };
      logger.warn(detail, "landing page: Pro prices could not be loaded");
      entry.expiresAt = Date.now() + failureCacheMs;
      return null;
    });
    return entry.value;
  }

  return async (host) => {
    if (!settings.paymentsOn) return { free: settings.limits.free, pro: null };
    return {
      free: settings.limits.free,
      pro: { limits: settings.limits.pro, startingPrice: await cachedStartingPrice(pricingTierFor(settings, host)) },
    };
  };
}
