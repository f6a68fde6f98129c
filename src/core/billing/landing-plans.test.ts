import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLogger } from "~/infra/logging/logger";
import { defaultLimits, unlimitedLimits } from "~/shared/billing/plans";
import { type PaddleStandIn, startPaddleStandIn } from "../../../test/stand-ins/paddle/server";
import { createLandingPlans } from "./landing-plans";
import { billingEnvShape, billingSettingsFromEnv } from "./settings";

// The landing pages' plans (issue 17): Pro's real starting price from the catalog through Paddle's price
// preview (the stand-in), asked once and kept; no price, never an error, when Paddle fails; no Pro at all
// with payments off.

const settingsOf = (env: Record<string, string>) => billingSettingsFromEnv(z.object(billingEnvShape).parse(env));
const logger = createLogger("silent");

describe("landing plans", () => {
  let standIn: PaddleStandIn;
  beforeAll(async () => {
    standIn = await startPaddleStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const paymentsOn = () => settingsOf({ PADDLE_API_KEY: standIn.apiKey, PADDLE_API_BASE_URL: standIn.url });

  it("prices Pro from its cheapest month (the stand-in's $69.99 a year) and keeps the answer", async () => {
    standIn.setScenario({ pricingPreview: "ok" });
    const plans = createLandingPlans(paymentsOn(), logger);
    const first = await plans("localhost:3000");
    expect(first).toEqual({
      free: defaultLimits.free,
      pro: { limits: defaultLimits.pro, startingPrice: { amount: 6999, currency: "USD", unit: "year", count: 1, monthlyAmount: 583 } },
    });
    // Kept: a Paddle outage right after does not change the page.
    standIn.setScenario({ pricingPreview: "error" });
    expect(await plans("localhost:3000")).toEqual(first);
    standIn.setScenario({ pricingPreview: "ok" });
  });

  it("shows Pro without a price, and no error, when Paddle fails or previews nothing", async () => {
    for (const pricingPreview of ["error", "empty"] as const) {
      standIn.setScenario({ pricingPreview });
      const plans = await createLandingPlans(paymentsOn(), logger)("localhost:3000");
      expect(plans.pro).toEqual({ limits: defaultLimits.pro, startingPrice: null });
    }
    standIn.setScenario({ pricingPreview: "ok" });
  });

  it("has no Pro with payments off, and the free plan's limits are the operator's (unlimited unless set)", async () => {
    expect(await createLandingPlans(settingsOf({}), logger)("localhost:3000")).toEqual({ free: unlimitedLimits, pro: null });
    const limited = { transcriptionMinutesPerMonth: 120, uploadsPerMonth: null, concurrentMeetings: 2, recordingMinutes: 90 };
    const plans = await createLandingPlans(settingsOf({ BILLING_FREE_LIMITS: JSON.stringify(limited) }), logger)("localhost:3000");
    expect(plans).toEqual({ free: limited, pro: null });
  });
});
