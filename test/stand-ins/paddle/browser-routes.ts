import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { z } from "zod";
import { completeCheckout } from "./checkout";
import { formatUsd, priceTotals, pricingPreviewLineItem } from "./entities";
import type { PaddleStore } from "./store";

// What the page talks to instead of Paddle's CDN and checkout frame: the paddle.js stand-in script and the
// calls it makes (no API key, from every origin, as Paddle.js's own calls are).

const paddleJsPath = new URL("./paddle-js/paddle.js", import.meta.url);

const completeInput = z.object({
  priceId: z.string().min(1),
  discountId: z.string().nullish(),
  email: z.email(),
  customData: z.record(z.string(), z.unknown()).nullish(),
  clientToken: z.string().min(1),
});

const previewInput = z.object({
  items: z.array(z.object({ priceId: z.string(), quantity: z.number().int().positive() })).min(1),
  currencyCode: z.string().optional(),
  discountId: z.string().nullish(),
  address: z.object({ countryCode: z.string(), postalCode: z.string().nullish() }).nullish(),
  customerIpAddress: z.string().nullish(),
});

/** Paddle.js answers in camelCase: the API's snake_case keys converted, deep. */
export function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
      camelCaseKeys(inner),
    ]),
  );
}

const error = (code: string, detail: string) => ({ error: { type: "request_error", code, detail } });

export function browserRoutes(store: PaddleStore): Hono {
  const app = new Hono();
  const { catalog } = store;
  app.use("/paddle/*", cors({ origin: "*" }));
  app.use("/__checkout/*", cors({ origin: "*" }));

  app.get("/paddle/v2/paddle.js", async (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "no-store");
    return c.body(await readFile(paddleJsPath, "utf8"));
  });

  // The form's price line: the price after the discount, formatted as Paddle's checkout shows it.
  app.get("/__checkout/price", (c) => {
    const price = catalog.prices.get(c.req.query("priceId") ?? "");
    if (!price) return c.json(error("not_found", "Price not found."), 404);
    const discountId = c.req.query("discountId");
    const discount = discountId ? (catalog.discounts.get(discountId) ?? null) : null;
    if (discountId && !discount) return c.json(error("not_found", "Discount not found."), 404);
    const { totals } = priceTotals(price, discount, 1);
    return c.json({
      priceId: price.id,
      description: price.description,
      billingCycle: price.billing_cycle ?? null,
      subtotal: formatUsd(Number(totals.subtotal)),
      discount: formatUsd(Number(totals.discount)),
      total: formatUsd(Number(totals.total)),
    });
  });

  app.post("/__checkout/price-preview", async (c) => {
    const input = previewInput.safeParse(await c.req.json().catch(() => undefined));
    if (!input.success) return c.json(error("invalid_field", z.prettifyError(input.error)), 400);
    if (store.scenario.pricingPreview === "error") return c.json(error("internal_error", "An internal error has occurred."), 500);
    const discount = input.data.discountId ? (catalog.discounts.get(input.data.discountId) ?? null) : null;
    if (input.data.discountId && !discount) return c.json(error("not_found", "Discount not found."), 404);
    const lineItems = [];
    for (const item of input.data.items) {
      const price = catalog.prices.get(item.priceId);
      if (!price) return c.json(error("not_found", `Price ${item.priceId} not found.`), 404);
      lineItems.push(pricingPreviewLineItem(price, catalog.product, item.quantity, discount));
    }
    const data = {
      customer_id: null,
      address_id: null,
      business_id: null,
      currency_code: "USD",
      address: input.data.address
        ? { country_code: input.data.address.countryCode, postal_code: input.data.address.postalCode ?? null }
        : null,
      customer_ip_address: input.data.customerIpAddress ?? null,
      discount_id: input.data.discountId ?? null,
      details: { line_items: store.scenario.pricingPreview === "empty" ? [] : lineItems },
      available_payment_methods: ["card", "paypal", "apple_pay", "google_pay"],
    };
    return c.json({ data: camelCaseKeys(data), meta: { requestId: crypto.randomUUID() } });
  });

  app.post("/__checkout/complete", async (c) => {
    const input = completeInput.safeParse(await c.req.json().catch(() => undefined));
    if (!input.success) return c.json(error("invalid_field", z.prettifyError(input.error)), 400);
    const price = catalog.prices.get(input.data.priceId);
    if (!price) return c.json(error("not_found", "Price not found."), 404);
    const discount = input.data.discountId ? (catalog.discounts.get(input.data.discountId) ?? null) : null;
    if (input.data.discountId && !discount) return c.json(error("not_found", "Discount not found."), 404);
    if (store.scenario.payment === "declined") return c.json(error("payment_declined", "The card was declined."), 402);
    const { checkoutData, events } = completeCheckout(store, { ...input.data, customData: input.data.customData ?? null }, price, discount);
    // Paddle sends its webhooks after the buyer sees the result: they go out once this answer is on its way.
    store.outbox.emit(events, { afterAnswer: true });
    return c.json({ data: checkoutData });
  });

  return app;
}
