import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setApiBaseUrl } from "~/app/api/csrf-token";
import type { Price } from "~/shared/billing/billing-api";
import { fetchDiscounts, fetchPaywallStructure, fetchPrices } from "./paywall-queries";
import { checkoutSelection, createPaywallStore, type PaywallAnalytics, type PaywallStore } from "./paywall-store";

// The paywall store (spec sections 3, 4 and 7) with the real billing calls against a real HTTP server that
// answers in the API's shapes (src/shared/billing/billing-api.ts); analytics are recorded, not sent.

const price = (id: string, unitAmount: number, interval: "month" | "year", count: number, currency = "EUR"): Price => ({
  id,
  unit_amount: unitAmount,
  currency,
  nickname: null,
  product: `pro_${id}`,
  type: "recurring",
  unit_amount_decimal: String(unitAmount),
  offers_free_trial: false,
  recurring: { interval, interval_count: count, trial_period_days: null, usage_type: "licensed" },
});

const catalog: Record<string, Price> = {
  pri_month: price("pri_month", 1999, "month", 1),
  pri_quarter: price("pri_quarter", 4498, "month", 3),
  pri_year: price("pri_year", 6999, "year", 1),
};

type PricesMode = "ok" | "empty" | "PADDLE_EMPTY_RESPONSE" | "PADDLE_API_ERROR";

describe("paywall store", () => {
  let server: ServerType;
  const seen: string[] = [];
  let pricesMode: PricesMode = "ok";
  let isStructureBroken = false;
  let events: [string, unknown][] = [];
  let store: PaywallStore;

  const analytics: PaywallAnalytics = {
    trackPaywall: (properties) => events.push(["paywall", properties]),
    trackViewItemList: () => events.push(["view_item_list", null]),
    trackProductClicked: (properties) => events.push(["product_clicked", properties]),
    trackPurchaseClicked: (properties) => events.push(["purchase_clicked", properties]),
    trackPaywallProductsFailed: (reason) => events.push(["paywall_products_failed_to_load", reason]),
  };

  beforeAll(async () => {
    const app = new Hono();
    app.use("*", async (c, next) => {
      seen.push(c.req.path + (new URL(c.req.url).search || ""));
      await next();
    });
    app.get("/api/paywall/structure", (c) => {
      if (isStructureBroken) return c.json({ success: false, errorCode: "INTERNAL_ERROR", message: "broken" }, 500);
      const isSecret = c.req.query("flow") === "SecretOffer";
      return c.json({
        success: true,
        data: {
          flow: isSecret ? "SecretOffer" : "default",
          structure: {
            layout: "default",
            discount: isSecret ? "discount71" : null,
            selected_index: 2,
            most_popular: 2,
            save_badges: { 1: "25%", 2: "71%" },
            free_product_text: null,
            per_day_layout: true,
            products: ["1month", "3month", "1year"],
            discounts: isSecret ? ["discount71", "discount71", "discount71"] : [],
          },
          pricingTier: "t1",
          priceIds: ["pri_month", "pri_quarter", "pri_year"],
          discountIds: isSecret ? ["dsc_71", "dsc_71", "dsc_71"] : [],
          catalog: { "1month": "pri_month", "3month": "pri_quarter", "1year": "pri_year", lifetime: "pri_lifetime" },
        },
      });
    });
    app.get("/api/paddle/prices", (c) => {
      if (pricesMode === "PADDLE_EMPTY_RESPONSE" || pricesMode === "PADDLE_API_ERROR") {
        return c.json({ success: false, errorCode: pricesMode, message: "Paddle failed" }, 502);
      }
      const ids = (c.req.query("priceIds") ?? "").split(",");
      const prices = pricesMode === "empty" ? [] : ids.map((id) => catalog[id]).filter((p): p is Price => Boolean(p));
      return c.json({ success: true, data: { prices, productNames: prices.map((p) => `Parley Pro ${p.id}`) } });
    });
    app.get("/api/paddle/discounts", (c) => {
      const ids = (c.req.query("discountIds") ?? "").split(",");
      return c.json({ success: true, data: Object.fromEntries(ids.map((id) => [id, { id, amount: 71 }])) });
    });
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
    });
    const address = server.address();
    setApiBaseUrl(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    events = [];
    pricesMode = "ok";
    isStructureBroken = false;
    store = createPaywallStore({ fetchStructure: fetchPaywallStructure, fetchPrices, fetchDiscounts, analytics });
  });

  it("loads structure, then prices for its ids and source; selection starts at selected_index", async () => {
    expect(store.get()).toMatchObject({ paywallOpened: false, paywallState: "loading", paywallStep: "paywall" });
    const opening = store.openPaywall({ source: "upload_count", message: "You used your 5 uploads" });
    expect(store.get()).toMatchObject({ paywallOpened: true, paywallSource: "upload_count", configState: "loading" });
    await opening;
    expect(seen).toEqual([
      "/api/paywall/structure?flow=default",
      "/api/paddle/prices?priceIds=pri_month%2Cpri_quarter%2Cpri_year&source=upload_count",
    ]);
    const state = store.get();
    expect(state).toMatchObject({
      paywallState: "completed",
      configState: "completed",
      productsState: "completed",
      selectedIndex: 2,
      currencySymbol: "€",
      message: "You used your 5 uploads",
      discounts: [null, null, null],
    });
    expect(state.prices.map((p) => p.id)).toEqual(["pri_month", "pri_quarter", "pri_year"]);
    expect(state.paywallStructure?.structure.most_popular).toBe(2);
    expect(events).toEqual([
      [
        "paywall",
        {
          productNames: ["Parley Pro pri_month", "Parley Pro pri_quarter", "Parley Pro pri_year"],
          source: "upload_count",
          product_ids: ["pri_month", "pri_quarter", "pri_year"],
          product_count: 3,
        },
      ],
      ["view_item_list", null],
    ]);
  });

  it("fetches a flow's discounts once and lays them parallel to the prices", async () => {
    await store.openPaywall({ source: "upgrade_button", flow: "SecretOffer" });
    expect(seen[2]).toBe("/api/paddle/discounts?discountIds=dsc_71");
    expect(store.get().discounts).toEqual([
      { id: "dsc_71", amount: 71 },
      { id: "dsc_71", amount: 71 },
      { id: "dsc_71", amount: 71 },
    ]);
  });

  it("no prices is an error: common.error.somethingWentWrong on screen, paddle_empty_response reported", async () => {
    pricesMode = "empty";
    await store.openPaywall({ source: "upgrade_button" });
    expect(store.get()).toMatchObject({ paywallState: "error", productsState: "error", configState: "completed" });
    expect(events).toEqual([["paywall_products_failed_to_load", "paddle_empty_response"]]);
  });

  it("names the server's failure: PADDLE_EMPTY_RESPONSE and PADDLE_API_ERROR", async () => {
    pricesMode = "PADDLE_EMPTY_RESPONSE";
    await store.openPaywall({ source: "upgrade_button" });
    store.closePaywall();
    pricesMode = "PADDLE_API_ERROR";
    await store.openPaywall({ source: "upgrade_button" });
    expect(store.get().paywallState).toBe("error");
    expect(events).toEqual([
      ["paywall_products_failed_to_load", "paddle_empty_response"],
      ["paywall_products_failed_to_load", "paddle_api_error"],
    ]);
  });

  it("a structure that does not load flags configFailed and shows the generic error", async () => {
    isStructureBroken = true;
    await store.openPaywall({ source: "upgrade_button" });
    expect(store.get()).toMatchObject({ paywallState: "error", configState: "configFailed", productsState: "idle" });
    expect(seen).toEqual(["/api/paywall/structure?flow=default"]);
    expect(events).toEqual([]);
  });

  it("Try again after a failure loads the same flow for the same source, and shows the plans once they come", async () => {
    pricesMode = "PADDLE_API_ERROR";
    await store.openPaywall({ source: "upload_count", flow: "SecretOffer" });
    expect(store.get().paywallState).toBe("error");
    seen.length = 0;
    pricesMode = "ok";
    await store.retry();
    expect(seen).toEqual([
      "/api/paywall/structure?flow=SecretOffer",
      "/api/paddle/prices?priceIds=pri_month%2Cpri_quarter%2Cpri_year&source=upload_count",
      "/api/paddle/discounts?discountIds=dsc_71",
    ]);
    expect(store.get()).toMatchObject({ paywallState: "completed", paywallSource: "upload_count", selectedIndex: 2 });
    // Nothing to retry once the plans are there, or once the paywall is closed.
    seen.length = 0;
    await store.retry();
    store.closePaywall();
    await store.retry();
    expect(seen).toEqual([]);
  });

  it("a second 402 while the paywall is up only updates why it is shown", async () => {
    await store.openPaywall({ source: "upload_count", message: "first" });
    seen.length = 0;
    await store.openPaywall({ source: "transcription_minutes", message: "second" });
    expect(seen).toEqual([]);
    expect(store.get()).toMatchObject({ paywallSource: "transcription_minutes", message: "second", paywallState: "completed" });
  });

  it("tapping a card selects it (product_clicked); Continue goes to checkout with that price (purchase_clicked)", async () => {
    await store.openPaywall({ source: "settings_billing", flow: "SecretOffer" });
    events = [];
    store.selectPlan(7);
    expect(store.get().selectedIndex).toBe(2);
    store.selectPlan(1);
    expect(store.get().selectedIndex).toBe(1);
    store.continueToCheckout();
    expect(store.get()).toMatchObject({ paywallStep: "checkout", checkoutPriceId: "pri_quarter", checkoutState: "idle" });
    expect(events).toEqual([
      [
        "product_clicked",
        { name: "Parley Pro pri_quarter", priceId: "pri_quarter", productId: "pro_pri_quarter", source: "settings_billing" },
      ],
      [
        "purchase_clicked",
        // 44.98 with 71% off = 13.04 (cents rounded).
        {
          id: "3month",
          name: "Parley Pro pri_quarter",
          price: 13.04,
          priceId: "pri_quarter",
          productId: "pro_pri_quarter",
          source: "settings_billing",
        },
      ],
    ]);
    expect(checkoutSelection(store.get())).toMatchObject({
      index: 1,
      price: { id: "pri_quarter" },
      discount: { id: "dsc_71", amount: 71 },
      productKey: "3month",
      productName: "Parley Pro pri_quarter",
    });
  });

  it("back to plans, then close: the step and the checkout reset", async () => {
    await store.openPaywall({ source: "upgrade_button" });
    store.continueToCheckout();
    store.setCheckoutState("failed");
    store.backToPlans();
    expect(store.get()).toMatchObject({ paywallStep: "paywall", checkoutPriceId: null, checkoutState: "idle", paywallOpened: true });
    expect(checkoutSelection(store.get())).toBeNull();
    store.continueToCheckout();
    store.closePaywall();
    expect(store.get()).toMatchObject({ paywallOpened: false, paywallStep: "paywall", checkoutPriceId: null });
  });

  it("Continue does nothing until the plans are there", async () => {
    pricesMode = "empty";
    await store.openPaywall({ source: "upgrade_button" });
    store.continueToCheckout();
    expect(store.get()).toMatchObject({ paywallStep: "paywall", checkoutPriceId: null });
  });

  it("a load that a newer one replaced does not overwrite it", async () => {
    const first = store.openPaywall({ source: "upload_count" });
    store.closePaywall();
    pricesMode = "empty";
    const second = store.openPaywall({ source: "upgrade_button" });
    await Promise.all([first, second]);
    expect(store.get()).toMatchObject({ paywallState: "error", paywallSource: "upgrade_button" });
    expect(events).toEqual([["paywall_products_failed_to_load", "paddle_empty_response"]]);
  });
});
