import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chromiumPath } from "../../../e2e/support/chromium";
import { defaultCatalog, defaultDiscountCatalog } from "../../../src/core/billing/settings";
import { baseChromiumArgs } from "../../../src/shared/chromium-args";
import { type PaddleStandIn, startPaddleStandIn } from "./server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

// The paddle.js stand-in in real Chromium, driven through the real @paddle/paddle-js wrapper
// (initializePaddle finds window.PaddleBillingV1 and calls Environment.set + Initialize on it), as the
// app's checkout will drive it. The page comes from a real server on localhost: another origin than the
// stand-in's 127.0.0.1 (CORS is exercised) but a loopback one like the app's in e2e, as Chromium's local
// network access checks refuse scripts off 127.0.0.1 to pages from elsewhere (page.route's included).

const frameTarget = "paddle-checkout-frame";
const wrapperPath = createRequire(import.meta.url).resolve("@paddle/paddle-js");

let standIn: PaddleStandIn;
let receiver: WebhookReceiver;
let browser: Browser;
let page: Page;
let appServer: Server;
let appOrigin: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startPaddleStandIn({ webhookUrl: receiver.url });
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...baseChromiumArgs] });
  const wrapper = await readFile(wrapperPath.replace(/index\.js$/, "index.esm.js"), "utf8");
  const html = `<!doctype html><html><body><div class="${frameTarget}"></div>
<script src="${standIn.url}/paddle/v2/paddle.js"></script>
<script type="module">import { initializePaddle } from "/paddle-js.mjs"; window.initializePaddle = initializePaddle;</script>
</body></html>`;
  appServer = createServer((req, res) => {
    if (req.url === "/paddle-js.mjs") res.writeHead(200, { "content-type": "text/javascript" }).end(wrapper);
    else res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  appOrigin = `http://localhost:${(appServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  appServer?.closeAllConnections();
  await new Promise<void>((resolve) => (appServer ? appServer.close(() => resolve()) : resolve()));
  await standIn?.close();
  await receiver?.close();
});

beforeEach(async () => {
  standIn.setScenario({ pricingPreview: "ok", payment: "success", webhooks: "on" });
  page = await browser.newPage();
  await page.goto(`${appOrigin}/checkout`);
  await page.waitForFunction(() => "initializePaddle" in window);
  // What the app's checkout does: initializePaddle with an event callback, inline settings and a locale.
  await page.evaluate(
    async ({ frameTarget }) => {
      const { initializePaddle } = window as unknown as typeof import("@paddle/paddle-js");
      const events: { name: string; data: unknown }[] = [];
      Object.assign(window, { events });
      const paddle = await initializePaddle({
        environment: "sandbox",
        token: "test_standin_client_token",
        eventCallback: (event) => events.push({ name: event.name ?? "", data: event.data }),
        checkout: { settings: { displayMode: "inline", theme: "light", locale: "es", frameTarget, showAddTaxId: true } },
      });
      Object.assign(window, { paddle });
    },
    { frameTarget },
  );
});

afterEach(() => page.close());

const eventNames = () => page.evaluate(() => (window as unknown as { events: { name: string }[] }).events.map((event) => event.name));
const waitForEvent = (name: string) =>
  page.waitForFunction((name) => (window as unknown as { events: { name: string }[] }).events.some((event) => event.name === name), name);

describe("paddle.js stand-in in Chromium", () => {
  it("renders the inline checkout, pays with the test card, fires checkout.completed and the webhooks follow", async () => {
    const payload = {
      items: [{ priceId: defaultCatalog.t5["1year"], quantity: 1 }],
      customData: { cerebroId: "6f1c2b1e-9a53-4d4e-8a43-2f1a6a8e0c11", userId: "u_1" },
      discountId: defaultDiscountCatalog.discount71,
      settings: { locale: "es" },
    };
    await page.evaluate(
      (payload) => (window as unknown as { paddle: { Checkout: { open(p: unknown): void } } }).paddle.Checkout.open(payload),
      payload,
    );
    await waitForEvent("checkout.loaded");
    const frame = page.locator(`.${frameTarget}`);
    await expect(frame.getByRole("heading", { name: "Stand-in checkout" }).isVisible()).resolves.toBe(true);
    await expect(frame.getByText("Pro yearly: $20.30 (was $69.99)").isVisible()).resolves.toBe(true);
    await expect(frame.getByLabel("Card number").inputValue()).resolves.toBe("4242 4242 4242 4242");
    await expect(frame.getByLabel("Email").inputValue()).resolves.toBe("");
    const recorded = await page.evaluate(() => (window as unknown as { __paddleStandIn: unknown }).__paddleStandIn);
    expect(recorded).toMatchObject({
      environment: "sandbox",
      opened: [payload],
      initialized: { token: "test_standin_client_token", checkout: { settings: { displayMode: "inline", locale: "es", frameTarget } } },
    });

    const deliveredBefore = (await standIn.settled()).length;
    await frame.getByLabel("Email").fill("chromium-buyer@example.com");
    await frame.getByRole("button", { name: "Pay now" }).click();
    await waitForEvent("checkout.completed");
    expect(await eventNames()).toEqual(["checkout.loaded", "checkout.payment.initiated", "checkout.completed"]);
    const completed = await page.evaluate(
      () =>
        (window as unknown as { events: { name: string; data: unknown }[] }).events.find((event) => event.name === "checkout.completed")
          ?.data,
    );
    expect(completed).toMatchObject({
      status: "completed",
      customer: { email: "chromium-buyer@example.com" },
      custom_data: payload.customData,
      settings: { display_mode: "inline", theme: "light" },
      totals: { total: 20.3 },
    });
    const deliveries = (await standIn.settled()).slice(deliveredBefore);
    expect(deliveries.map((delivery) => [delivery.eventType, delivery.status])).toEqual([
      ["customer.created", 200],
      ["transaction.completed", 200],
      ["subscription.created", 200],
    ]);
    expect(JSON.parse(deliveries[1]?.body ?? "{}").data.id).toBe((completed as { transaction_id: string }).transaction_id);
  });

  it("shows a declined payment and fires checkout.payment.failed; the e-mail comes prefilled from customer", async () => {
    standIn.setScenario({ payment: "declined" });
    await page.evaluate(
      (priceId) =>
        (window as unknown as { paddle: { Checkout: { open(p: unknown): void } } }).paddle.Checkout.open({
          items: [{ priceId, quantity: 1 }],
          customer: { email: "declined@example.com" },
          customData: { userId: "u_2" },
        }),
      defaultCatalog.t1["1month"],
    );
    await waitForEvent("checkout.loaded");
    const frame = page.locator(`.${frameTarget}`);
    await expect(frame.getByLabel("Email").inputValue()).resolves.toBe("declined@example.com");
    await frame.getByRole("button", { name: "Pay now" }).click();
    await waitForEvent("checkout.payment.failed");
    await expect(frame.getByRole("alert").textContent()).resolves.toBe("Payment declined");
    expect(await eventNames()).not.toContain("checkout.completed");
  });

  it("answers PricePreview in camelCase, and empty line items on the empty scenario", async () => {
    const preview = (params: unknown) =>
      page.evaluate(
        (params) => (window as unknown as { paddle: { PricePreview(p: unknown): Promise<unknown> } }).paddle.PricePreview(params),
        params,
      );
    const params = { items: [{ priceId: defaultCatalog.t1["3month"], quantity: 1 }], discountId: defaultDiscountCatalog.discount60 };
    const answer = (await preview(params)) as { data: { details: { lineItems: unknown[] } } };
    expect(answer.data.details.lineItems[0]).toMatchObject({
      price: {
        id: defaultCatalog.t1["3month"],
        unitPrice: { amount: "4498", currencyCode: "USD" },
        billingCycle: { interval: "month", frequency: 3 },
      },
      totals: { subtotal: "4498", discount: "2699", total: "1799" },
      formattedTotals: { total: "$17.99" },
      discounts: [{ discount: { id: defaultDiscountCatalog.discount60, amount: "60" } }],
    });
    standIn.setScenario({ pricingPreview: "empty" });
    expect(((await preview(params)) as { data: { details: { lineItems: unknown[] } } }).data.details.lineItems).toEqual([]);
  });
});
