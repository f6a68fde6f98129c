import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCatalog, defaultDiscountCatalog } from "~/core/billing/settings";
import type { RunningWeb } from "~/server/start-web";
import { type PaddleStandIn, startPaddleStandIn } from "../../../../test/stand-ins/paddle/server";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// What the paywall reads (needs `npm run build`): Paddle.js settings, the paywall structure per flow and
// pricing tier, prices from Paddle's price preview (through the stand-in) and discounts; and how each
// answers when Paddle fails or payments are not configured.

const t1 = defaultCatalog.t1;
/** fetch() sends the URL's host whatever Host is given; node:http sends the one asked for (a proxied production host). */
function getWithHost(url: string, host: string, cookie: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Host: host, Cookie: cookie } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve((JSON.parse(body) as { data: unknown }).data));
    });
    request.on("error", reject);
  });
}
const dataOf = async <T>(response: Response): Promise<T> => ((await response.json()) as { data: T }).data;

describe("paywall and Paddle catalog API", () => {
  let standIn: PaddleStandIn;
  let web: RunningWeb;
  let unpaid: RunningWeb;
  let client: TestClient;
  let unpaidClient: TestClient;

  beforeAll(async () => {
    standIn = await startPaddleStandIn();
    const dataDir = () => mkdtempSync(path.join(tmpdir(), "parley-billing-catalog-"));
    [web, unpaid] = await Promise.all([
      startTestWeb("pglite", {
        AUTH_RATE_LIMIT_SCALE: "100",
        DATA_DIR: dataDir(),
        PADDLE_API_KEY: standIn.apiKey,
        PADDLE_API_BASE_URL: standIn.url,
        PADDLE_WEBHOOK_SECRET: standIn.webhookSecret,
        PADDLE_CLIENT_TOKEN: "test_standin",
        PADDLE_JS_URL: `${standIn.url}/paddle/v2/paddle.js`,
      }),
      // Payments off: no Paddle key, token or webhook secret; a configured pricing tier.
      startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100", DATA_DIR: dataDir(), PADDLE_PRICING_TIER: "t5" }),
    ]);
    [client, unpaidClient] = await Promise.all([verifiedClient(web, "catalog@example.com"), verifiedClient(unpaid, "unpaid@example.com")]);
  });
  afterAll(async () => {
    standIn?.setScenario({ pricingPreview: "ok" });
    await standIn?.close();
    await Promise.all([web?.stop(), unpaid?.stop()]);
  });

  it("gives the browser Paddle.js settings only when payments are configured", async () => {
    expect(await (await client.api("GET", "/paddle/config")).json()).toEqual({
      success: true,
      data: { clientToken: "test_standin", environment: "sandbox", scriptUrl: `${standIn.url}/paddle/v2/paddle.js` },
    });
    expect(await (await unpaidClient.api("GET", "/paddle/config")).json()).toEqual({ success: true, data: null });
    expect((await fetch(`${web.url}/api/paddle/config`)).status).toBe(401);
  });

  it("describes every billing route in the OpenAPI document", async () => {
    const document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const route of [
      "/paddle/config",
      "/paywall/structure",
      "/paddle/prices",
      "/paddle/discounts",
      "/payment/subscriptions",
      "/paddle/customer-update",
      "/paddle/cancel-subscription",
      "/paddle/stop-cancellation",
      "/webhooks/paddle",
    ])
      expect(Object.keys(document.paths), route).toContain(route);
  });

  it("serves the paywall structure per flow with the tier's price ids and parallel discount ids", async () => {
    const standard = await dataOf<Record<string, unknown>>(await client.api("GET", "/paywall/structure?flow=default"));
    expect(standard).toMatchObject({
      flow: "default",
      pricingTier: "t1",
      priceIds: [t1["1month"], t1["3month"], t1["1year"]],
      discountIds: [],
      structure: { products: ["1month", "3month", "1year"], selected_index: 2, most_popular: 2, save_badges: { 1: "25%", 2: "71%" } },
      // The whole tier, lifetime included, for /checkout/{productId}.
      catalog: t1,
    });
    const offer = await dataOf<Record<string, unknown>>(await client.api("GET", "/paywall/structure?flow=SecretOffer"));
    expect(offer).toMatchObject({ flow: "SecretOffer", discountIds: Array(3).fill(defaultDiscountCatalog.discount71) });
    expect(await dataOf(await client.api("GET", "/paywall/structure?flow=Nonsense"))).toEqual(standard);
    expect(await dataOf(await client.api("GET", "/paywall/structure"))).toEqual(standard);
    // A production host gets t5; a configured tier wins over the host.
    const production = await getWithHost(`${web.url}/api/paywall/structure`, "app.parley.example", client.cookieHeader());
    expect(production).toMatchObject({
      pricingTier: "t5",
      priceIds: [defaultCatalog.t5["1month"], defaultCatalog.t5["3month"], defaultCatalog.t5["1year"]],
    });
    expect(await dataOf(await unpaidClient.api("GET", "/paywall/structure"))).toMatchObject({ pricingTier: "t5" });
  });

  it("prices the asked catalog prices through Paddle's preview, in the order asked", async () => {
    const answer = await client.api("GET", `/paddle/prices?priceIds=${t1["1year"]},${t1["1month"]},${t1.lifetime}&source=upload_count`);
    expect(answer.status).toBe(200);
    const data = await dataOf<{ prices: Record<string, unknown>[]; productNames: string[] }>(answer);
    expect(data.prices.map((price) => [price.id, price.unit_amount, price.type])).toEqual([
      [t1["1year"], 6999, "recurring"],
      [t1["1month"], 1999, "recurring"],
      [t1.lifetime, 19900, "one_time"],
    ]);
    expect(data.prices[0]).toMatchObject({
      currency: "USD",
      nickname: "Pro yearly",
      product: expect.stringMatching(/^pro_/),
      unit_amount_decimal: "6999",
      offers_free_trial: false,
      recurring: { interval: "year", interval_count: 1, trial_period_days: null, usage_type: "licensed" },
    });
    expect(data.prices[2]?.recurring).toBeNull();
    expect(data.productNames).toEqual(["Parley Pro", "Parley Pro", "Parley Pro"]);
  });

  it("refuses prices outside the catalog and malformed lists with 400", async () => {
    const unknown = await client.api("GET", `/paddle/prices?priceIds=${t1["1month"]},pri_01notours`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errorCode: "UNKNOWN_PRICE" });
    expect((await client.api("GET", "/paddle/prices?priceIds=a;b")).status).toBe(400);
    expect((await client.api("GET", "/paddle/prices")).status).toBe(400);
  });

  it("answers 502 when Paddle previews no line items or fails", async () => {
    const ask = () => client.api("GET", `/paddle/prices?priceIds=${t1["1month"]}`);
    standIn.setScenario({ pricingPreview: "empty" });
    const empty = await ask();
    expect(empty.status).toBe(502);
    expect(await empty.json()).toMatchObject({ errorCode: "PADDLE_EMPTY_RESPONSE", message: expect.stringMatching(/.+/) });
    standIn.setScenario({ pricingPreview: "error" });
    const failed = await ask();
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ errorCode: "PADDLE_API_ERROR" });
    standIn.setScenario({ pricingPreview: "ok" });
    expect((await ask()).status).toBe(200);
  });

  it("maps discounts by id to their percentage", async () => {
    const { discount60, discount71 } = defaultDiscountCatalog;
    const answer = await client.api("GET", `/paddle/discounts?discountIds=${discount60},${discount71}`);
    expect(await answer.json()).toEqual({
      success: true,
      data: { [discount60]: { id: discount60, amount: 60 }, [discount71]: { id: discount71, amount: 71 } },
    });
    const unknown = await client.api("GET", "/paddle/discounts?discountIds=dsc_01notours");
    expect(await unknown.json()).toMatchObject({ errorCode: "UNKNOWN_DISCOUNT" });
  });

  it("answers 503 where payments are not configured, and refuses webhooks it cannot check", async () => {
    for (const [method, route] of [
      ["GET", `/paddle/prices?priceIds=${t1["1month"]}`],
      ["GET", `/paddle/discounts?discountIds=${defaultDiscountCatalog.discount60}`],
      ["POST", "/paddle/cancel-subscription"],
      ["POST", "/paddle/stop-cancellation"],
    ] as const) {
      const answer = await unpaidClient.api(method, route);
      expect(answer.status, route).toBe(503);
      expect(await answer.json()).toMatchObject({ errorCode: "PAYMENTS_NOT_CONFIGURED" });
    }
    standIn.setWebhookUrl(`${unpaid.url}/api/webhooks/paddle`);
    const delivery = await standIn.sendWebhook({ event_type: "customer.created", data: { id: "ctm_01x", email: "x@example.com" } });
    expect(delivery.status).toBe(401);
  });
});
