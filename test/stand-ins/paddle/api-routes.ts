import type { IDiscountResponse, IPriceResponse, ISubscriptionResponse } from "@paddle/paddle-node-sdk";
import { Hono } from "hono";
import { z } from "zod";
import { pricingPreviewLineItem } from "./entities";
import { answer, answerList, listFilter, paddleError } from "./envelope";
import type { PaddleStore } from "./store";

// Paddle's server API (the part the app calls through @paddle/paddle-node-sdk), behind the API key.

const pricingPreviewInput = z.object({
  items: z.array(z.object({ price_id: z.string(), quantity: z.number().int().positive() })).min(1),
  currency_code: z.string().optional(),
  discount_id: z.string().nullish(),
  customer_id: z.string().nullish(),
  address_id: z.string().nullish(),
  business_id: z.string().nullish(),
  address: z.object({ country_code: z.string(), postal_code: z.string().nullish() }).nullish(),
  customer_ip_address: z.string().nullish(),
});

const cancelInput = z.object({ effective_from: z.enum(["next_billing_period", "immediately"]).nullish() });
const subscriptionPatchInput = z
  .object({ scheduled_change: z.unknown().optional(), custom_data: z.record(z.string(), z.unknown()).nullish() })
  .strict();
const customerPatchInput = z
  .object({
    name: z.string().nullish(),
    email: z.email().optional(),
    locale: z.string().optional(),
    custom_data: z.record(z.string(), z.unknown()).nullish(),
  })
  .strict();

export function paddleApiRoutes(store: PaddleStore, apiKey: string): Hono {
  const app = new Hono();
  const { catalog, outbox } = store;
  const now = () => new Date().toISOString();

  // Paddle: no Authorization header → 401 authentication_missing; a key it does not know → 403 forbidden.
  // The SDK writes the scheme in lower case ("bearer"), so the scheme is matched without case.
  app.use(async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) return paddleError(c, 401, "authentication_missing", "Authentication header not included in request.");
    const match = /^bearer\s+(.+)$/i.exec(header);
    if (match?.[1] !== apiKey) return paddleError(c, 403, "forbidden", "You aren't permitted to perform this request.");
    await next();
  });

  // No body reads as {} (a cancel without options takes Paddle's defaults); the schema then decides.
  const readJson = async <T extends z.ZodType>(body: Promise<unknown>, schema: T) => schema.safeParse(await body.catch(() => ({})));
  const invalid = (c: Parameters<typeof paddleError>[0], error: z.ZodError) =>
    paddleError(c, 400, "invalid_field", `Invalid request: ${z.prettifyError(error)}`);
  const withProduct = (price: IPriceResponse, include: string | undefined): IPriceResponse =>
    include?.split(",").includes("product") ? { ...price, product: catalog.product } : price;

  app.post("/pricing-preview", async (c) => {
    const input = await readJson(c.req.json(), pricingPreviewInput);
    if (!input.success) return invalid(c, input.error);
    if (store.scenario.pricingPreview === "error") return paddleError(c, 500, "internal_error", "An internal error has occurred.");
    let discount: IDiscountResponse | null = null;
    if (input.data.discount_id) {
      discount = catalog.discounts.get(input.data.discount_id) ?? null;
      if (!discount) return paddleError(c, 404, "not_found", `Discount ${input.data.discount_id} not found.`);
    }
    const lineItems = [];
    for (const item of input.data.items) {
      const price = catalog.prices.get(item.price_id);
      if (!price) return paddleError(c, 404, "not_found", `Price ${item.price_id} not found.`);
      lineItems.push(pricingPreviewLineItem(price, catalog.product, item.quantity, discount));
    }
    return answer(c, {
      customer_id: input.data.customer_id ?? null,
      address_id: input.data.address_id ?? null,
      business_id: input.data.business_id ?? null,
      // The catalog has USD prices only (no overrides), so Paddle answers in USD whatever was asked.
      currency_code: "USD",
      discount_id: input.data.discount_id ?? null,
      address: input.data.address
        ? { country_code: input.data.address.country_code, postal_code: input.data.address.postal_code ?? null }
        : null,
      customer_ip_address: input.data.customer_ip_address ?? null,
      items: input.data.items,
      details: { line_items: store.scenario.pricingPreview === "empty" ? [] : lineItems },
      available_payment_methods: ["card", "paypal", "apple_pay", "google_pay"],
    });
  });

  app.get("/prices", (c) => {
    const ids = listFilter(c, "id");
    const productIds = listFilter(c, "product_id");
    const prices = [...catalog.prices.values()]
      .filter((price) => (!ids || ids.includes(price.id)) && (!productIds || productIds.includes(price.product_id)))
      .map((price) => withProduct(price, c.req.query("include")));
    return answerList(c, prices, store.baseUrl());
  });
  app.get("/prices/:id", (c) => {
    const price = catalog.prices.get(c.req.param("id"));
    return price ? answer(c, withProduct(price, c.req.query("include"))) : paddleError(c, 404, "not_found", "Price not found.");
  });
  app.get("/products/:id", (c) => {
    if (c.req.param("id") !== catalog.product.id) return paddleError(c, 404, "not_found", "Product not found.");
    const includesPrices = c.req.query("include")?.split(",").includes("prices");
    return answer(c, includesPrices ? { ...catalog.product, prices: [...catalog.prices.values()] } : catalog.product);
  });

  app.get("/discounts", (c) => {
    const ids = listFilter(c, "id");
    const statuses = listFilter(c, "status");
    const discounts = [...catalog.discounts.values()].filter(
      (discount) => (!ids || ids.includes(discount.id)) && (!statuses || statuses.includes(discount.status)),
    );
    return answerList(c, discounts, store.baseUrl());
  });
  app.get("/discounts/:id", (c) => {
    const discount = catalog.discounts.get(c.req.param("id"));
    return discount ? answer(c, discount) : paddleError(c, 404, "not_found", "Discount not found.");
  });

  app.get("/customers", (c) => {
    const ids = listFilter(c, "id");
    const emails = listFilter(c, "email");
    const customers = [...store.customers.values()].filter(
      (customer) => (!ids || ids.includes(customer.id)) && (!emails || emails.includes(customer.email)),
    );
    return answerList(c, customers, store.baseUrl());
  });
  app.get("/customers/:id", (c) => {
    const customer = store.customers.get(c.req.param("id"));
    return customer ? answer(c, customer) : paddleError(c, 404, "not_found", "Customer not found.");
  });
  app.patch("/customers/:id", async (c) => {
    const customer = store.customers.get(c.req.param("id"));
    if (!customer) return paddleError(c, 404, "not_found", "Customer not found.");
    const input = await readJson(c.req.json(), customerPatchInput);
    if (!input.success) return invalid(c, input.error);
    Object.assign(customer, input.data, { updated_at: now() });
    outbox.emit([outbox.event("customer.updated", customer)]);
    return answer(c, customer);
  });

  app.get("/transactions", (c) => {
    const ids = listFilter(c, "id");
    const customerIds = listFilter(c, "customer_id");
    const subscriptionIds = listFilter(c, "subscription_id");
    const transactions = [...store.transactions.values()].filter(
      (transaction) =>
        (!ids || ids.includes(transaction.id)) &&
        (!customerIds || customerIds.includes(transaction.customer_id ?? "")) &&
        (!subscriptionIds || subscriptionIds.includes(transaction.subscription_id ?? "")),
    );
    return answerList(c, transactions, store.baseUrl());
  });
  app.get("/transactions/:id", (c) => {
    const transaction = store.transactions.get(c.req.param("id"));
    return transaction ? answer(c, transaction) : paddleError(c, 404, "not_found", "Transaction not found.");
  });

  app.get("/subscriptions", (c) => {
    const ids = listFilter(c, "id");
    const customerIds = listFilter(c, "customer_id");
    const statuses = listFilter(c, "status");
    const subscriptions = [...store.subscriptions.values()].filter(
      (subscription) =>
        (!ids || ids.includes(subscription.id)) &&
        (!customerIds || customerIds.includes(subscription.customer_id)) &&
        (!statuses || statuses.includes(subscription.status)),
    );
    return answerList(c, subscriptions, store.baseUrl());
  });
  app.get("/subscriptions/:id", (c) => {
    const subscription = store.subscriptions.get(c.req.param("id"));
    return subscription ? answer(c, subscription) : paddleError(c, 404, "not_found", "Subscription not found.");
  });

  app.post("/subscriptions/:id/cancel", async (c) => {
    const subscription = store.subscriptions.get(c.req.param("id"));
    if (!subscription) return paddleError(c, 404, "not_found", "Subscription not found.");
    const input = await readJson(c.req.json(), cancelInput);
    if (!input.success) return invalid(c, input.error);
    if (subscription.status === "canceled")
      return paddleError(c, 400, "subscription_is_canceled_action_invalid", "action can't be performed on canceled subscription");
    const at = now();
    subscription.updated_at = at;
    // Paddle's default is the end of the billing period.
    if ((input.data.effective_from ?? "next_billing_period") === "next_billing_period") {
      const effectiveAt = subscription.current_billing_period?.ends_at ?? subscription.next_billed_at ?? at;
      subscription.scheduled_change = { action: "cancel", effective_at: effectiveAt, resume_at: null };
      outbox.emit([outbox.event("subscription.updated", subscription)]);
    } else {
      cancelNow(subscription, at);
      outbox.emit([outbox.event("subscription.canceled", subscription)]);
    }
    return answer(c, subscription);
  });

  app.patch("/subscriptions/:id", async (c) => {
    const subscription = store.subscriptions.get(c.req.param("id"));
    if (!subscription) return paddleError(c, 404, "not_found", "Subscription not found.");
    const input = await readJson(c.req.json(), subscriptionPatchInput);
    if (!input.success) return invalid(c, input.error);
    // Paddle only lets an update remove a scheduled change (null); anything else is refused.
    if (input.data.scheduled_change !== undefined && input.data.scheduled_change !== null)
      return paddleError(
        c,
        400,
        "subscription_scheduled_change_invalid_update",
        "scheduled_change can only be set to null to remove a scheduled change.",
      );
    if (subscription.status === "canceled")
      return paddleError(c, 400, "subscription_update_when_canceled", "cannot update subscription, as subscription is canceled");
    if (input.data.scheduled_change === null) subscription.scheduled_change = null;
    if (input.data.custom_data !== undefined) subscription.custom_data = input.data.custom_data;
    subscription.updated_at = now();
    outbox.emit([outbox.event("subscription.updated", subscription)]);
    return answer(c, subscription);
  });

  app.notFound((c) => paddleError(c, 404, "not_found", `${c.req.method} ${new URL(c.req.url).pathname} is not a Paddle endpoint.`));
  return app;
}

/** Paddle's immediate cancellation: canceled now, no period, no next bill, no pending change. */
export function cancelNow(subscription: ISubscriptionResponse, at: string): void {
  subscription.status = "canceled";
  subscription.canceled_at = at;
  subscription.updated_at = at;
  subscription.next_billed_at = null;
  subscription.current_billing_period = null;
  subscription.scheduled_change = null;
  for (const item of subscription.items) item.next_billed_at = null;
}
