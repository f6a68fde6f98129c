import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findBillingAccount, findCustomerOwners, hasTransactionEvent } from "~/core/billing/data";
import { saveCheckoutCustomer } from "~/core/billing/mutations";
import { createPaddleClient, PaddleCallError } from "~/core/billing/paddle-client";
import { cancelAtPeriodEnd, listDiscounts, type ManageOutcome, previewPrices, stopCancellation } from "~/core/billing/service";
import { type BillingSettings, pricingTierFor } from "~/core/billing/settings";
import { adoptOrphanEvents } from "~/core/billing/webhook-events";
import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import { isPublicAddress } from "~/infra/net/address-policy";
import type { ApiEnv } from "~/server/hono-env";
import {
  customerUpdateInput,
  customerUpdateResponseSchema,
  discountsResponseSchema,
  paddleConfigResponseSchema,
  paywallFlowNames,
  paywallStructureResponseSchema,
  pricesResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionCheckResponseSchema,
} from "~/shared/billing/billing-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const jsonOf = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { "application/json": { schema } } });
/** Paddle ids (pri_…, dsc_…), comma-separated as the spec's query strings carry them. */
const idList = z.string().regex(/^[A-Za-z0-9_]{1,64}(,[A-Za-z0-9_]{1,64}){0,9}$/, "up to 10 comma-separated ids");

const config = createRoute({
  method: "get",
  path: "/paddle/config",
  tags: ["billing"],
  summary: "What the browser needs to load Paddle.js; data null while payments are not configured",
  responses: { 200: jsonOf("Paddle.js settings", paddleConfigResponseSchema), 401: errorResponse("Not signed in") },
});
const structure = createRoute({
  method: "get",
  path: "/paywall/structure",
  tags: ["billing"],
  summary: "The paywall's remote configuration for a flow (unknown flows get default), with its price and discount ids",
  request: { query: z.object({ flow: z.string().max(64).optional() }) },
  responses: { 200: jsonOf("Paywall structure", paywallStructureResponseSchema), 401: errorResponse("Not signed in") },
});
const prices = createRoute({
  method: "get",
  path: "/paddle/prices",
  tags: ["billing"],
  summary: "Catalog prices from Paddle's price preview in the buyer's currency, in the order asked, with product names",
  request: { query: z.object({ priceIds: idList, source: z.string().max(64).optional() }) },
  responses: {
    200: jsonOf("Prices", pricesResponseSchema),
    400: errorResponse("A price that is not in the catalog (UNKNOWN_PRICE)"),
    401: errorResponse("Not signed in"),
    502: errorResponse("Paddle failed (PADDLE_API_ERROR) or previewed no prices (PADDLE_EMPTY_RESPONSE)"),
    503: errorResponse("Payments are not configured (PAYMENTS_NOT_CONFIGURED)"),
  },
});
const discounts = createRoute({
  method: "get",
  path: "/paddle/discounts",
  tags: ["billing"],
  summary: "Percentage discounts by id (spec section 7)",
  request: { query: z.object({ discountIds: idList }) },
  responses: {
    200: jsonOf("Discounts keyed by id", discountsResponseSchema),
    400: errorResponse("A discount that is not in the catalog (UNKNOWN_DISCOUNT)"),
    401: errorResponse("Not signed in"),
    502: errorResponse("Paddle failed (PADDLE_API_ERROR)"),
    503: errorResponse("Payments are not configured (PAYMENTS_NOT_CONFIGURED)"),
  },
});
const check = createRoute({
  method: "get",
  path: "/payment/subscriptions",
  tags: ["billing"],
  summary: "Whether the user is Pro; with transactionId, only once Paddle's webhook for that purchase has arrived",
  request: { query: z.object({ cid: z.string().max(64), transactionId: z.string().max(64).optional() }) },
  responses: {
    200: jsonOf("Subscription check", subscriptionCheckResponseSchema),
    401: errorResponse("Not signed in"),
    404: errorResponse("cid is not the signed-in user's"),
  },
});
const customerUpdate = createRoute({
  method: "post",
  path: "/paddle/customer-update",
  tags: ["billing"],
  summary: "Stores the Paddle customer the checkout created for the signed-in user",
  request: { body: { content: { "application/json": { schema: customerUpdateInput } }, required: true } },
  responses: {
    200: jsonOf("Stored", customerUpdateResponseSchema),
    400: errorResponse("Invalid input"),
    401: errorResponse("Not signed in"),
    403: errorResponse("userId or cerebroId is not the signed-in user's, or the customer is someone else's (FORBIDDEN)"),
  },
});
const manage = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    tags: ["billing"],
    summary,
    responses: {
      200: jsonOf("The entitlement after the change", subscriptionChangeResponseSchema),
      401: errorResponse("Not signed in"),
      409: errorResponse("No active recurring subscription (NO_ACTIVE_SUBSCRIPTION)"),
      502: errorResponse("Paddle failed (PADDLE_API_ERROR)"),
      503: errorResponse("Payments are not configured (PAYMENTS_NOT_CONFIGURED)"),
    },
  });
const cancel = manage("/paddle/cancel-subscription", "Cancels the recurring subscription at the end of the paid period");
const resume = manage("/paddle/stop-cancellation", "Takes back a scheduled cancellation");

/** The caller's address when it is on the public internet: Paddle prices in the buyer's currency from it. */
function publicClientAddress(c: Context<ApiEnv>): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address && isPublicAddress(address) ? address : null;
  } catch {
    return null;
  }
}

/** spec section 7 /payment/subscriptions and /paddle/*, interpretations 9 and 25 (issue 7). */
export function billingRoutes({
  db,
  settings,
  publicUrl,
  logger,
}: {
  db: Database;
  settings: BillingSettings;
  publicUrl?: string;
  logger: Logger;
}) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of ["/paddle/*", "/paywall/*", "/payment/*"]) app.use(path, requireUser());
  const paddle = settings.paddle ? createPaddleClient(settings.paddle) : null;
  // The paywall needs both halves: the server key (prices) and the browser token (checkout).
  const isCheckoutOn = paddle !== null && settings.paddle?.clientToken != null;
  const allowedPriceIds = new Set(Object.values(settings.catalog).flatMap((tier) => Object.values(tier)));
  const allowedDiscountIds = new Set(Object.values(settings.discountCatalog));

  async function paddleCall<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaddleCallError)) throw error;
      logger.warn({ paddleCode: error.code, detail: error.detail }, "Paddle call failed");
      throw new AppError("PADDLE_API_ERROR");
    }
  }
  async function requirePaddle(isCheckout: boolean) {
    if (!paddle || (isCheckout && !isCheckoutOn)) throw new AppError("PAYMENTS_NOT_CONFIGURED");
    return paddle();
  }
  const managed = (c: Context<ApiEnv>, outcome: ManageOutcome) => {
    if (outcome.kind === "noSubscription") throw new AppError("NO_ACTIVE_SUBSCRIPTION");
    return c.json({ success: true as const, data: { subscription: outcome.subscription } }, 200);
  };

  app.openapi(config, (c) => {
    const paddleSettings = settings.paddle;
    const data =
      isCheckoutOn && paddleSettings?.clientToken
        ? { clientToken: paddleSettings.clientToken, environment: paddleSettings.environment, scriptUrl: paddleSettings.scriptUrl }
        : null;
    return c.json({ success: true as const, data }, 200);
  });

  app.openapi(structure, (c) => {
    const asked = c.req.valid("query").flow;
    const flow = paywallFlowNames.find((name) => name === asked) ?? "default";
    const paywall = settings.paywallStructure[flow];
    const pricingTier = pricingTierFor(settings, publicUrl ? new URL(publicUrl).host : new URL(c.req.url).host);
    const tier = settings.catalog[pricingTier];
    return c.json(
      {
        success: true as const,
        data: {
          flow,
          structure: paywall,
          pricingTier,
          priceIds: paywall.products.map((product) => tier[product]),
          discountIds: paywall.discounts.map((name) => settings.discountCatalog[name]),
          catalog: tier,
        },
      },
      200,
    );
  });

  app.openapi(prices, async (c) => {
    const client = await requirePaddle(true);
    const priceIds = c.req.valid("query").priceIds.split(",");
    if (priceIds.some((id) => !allowedPriceIds.has(id))) throw new AppError("UNKNOWN_PRICE");
    const result = await paddleCall(() => previewPrices(client, { priceIds, customerIpAddress: publicClientAddress(c) }));
    // spec section 5: a preview with empty line items is a failure.
    if (!result) throw new AppError("PADDLE_EMPTY_RESPONSE");
    return c.json({ success: true as const, data: result }, 200);
  });

  app.openapi(discounts, async (c) => {
    const client = await requirePaddle(true);
    const discountIds = c.req.valid("query").discountIds.split(",");
    if (discountIds.some((id) => !allowedDiscountIds.has(id))) throw new AppError("UNKNOWN_DISCOUNT");
    const data = await paddleCall(() => listDiscounts(client, { discountIds }));
    return c.json({ success: true as const, data }, 200);
  });

  app.openapi(check, async (c) => {
    const userId = currentUser(c).userId;
    const { cid, transactionId } = c.req.valid("query");
    const account = await findBillingAccount(db, { userId });
    if (!account || account.cerebroId !== cid) throw new AppError("NOT_FOUND");
    const subscription = account.subscription;
    let isActive = subscription?.isActive === true;
    // The checkout's verification (spec: polled after payment) waits for this purchase's own webhook.
    if (isActive && transactionId) isActive = await hasTransactionEvent(db, { userId, transactionId });
    return c.json({ success: true as const, data: { isActive, subscription } }, 200);
  });

  app.openapi(customerUpdate, async (c) => {
    const userId = currentUser(c).userId;
    const input = c.req.valid("json");
    const account = await findBillingAccount(db, { userId });
    if (!account || input.userId !== userId || input.cerebroId !== account.cerebroId) throw new AppError("FORBIDDEN");
    // A customer id already held by someone else would let this user's webhooks resolve to them.
    const owners = await findCustomerOwners(db, { customerId: input.customerId });
    if (owners.some((owner) => owner !== userId)) throw new AppError("FORBIDDEN");
    await saveCheckoutCustomer(db, { userId, customerId: input.customerId, email: input.paddleCustomerEmail }, (tx) =>
      adoptOrphanEvents(tx, settings, { customerId: input.customerId }),
    );
    return c.json({ success: true as const, data: { success: true as const } }, 200);
  });

  app.openapi(cancel, async (c) =>
    managed(
      c,
      await paddleCall(async () => cancelAtPeriodEnd(db, await requirePaddle(false), settings, { userId: currentUser(c).userId })),
    ),
  );
  app.openapi(resume, async (c) =>
    managed(c, await paddleCall(async () => stopCancellation(db, await requirePaddle(false), settings, { userId: currentUser(c).userId }))),
  );
  return app;
}
