// The billing calls whose answers the paywall and checkout draw prices from (spec section 7, interpretations
// 25): typed by the API's contract (decision 021) and also checked at run time with the shared zod schemas, a
// paywall must not show half a price from an unexpected answer. Loaded with the paywall, not with every
// dashboard page (issue 22: zod stays off /home).
import type { z } from "zod";
import { api, call } from "~/app/api/typed-api";
import {
  customerUpdateInput,
  type Discount,
  discountsResponseSchema,
  type PaddleClientConfig,
  type PaywallFlowName,
  type PaywallStructureResponse,
  type Price,
  paddleConfigResponseSchema,
  paywallStructureResponseSchema,
  pricesResponseSchema,
  subscriptionCheckResponseSchema,
} from "~/shared/billing/billing-api";
import type { Subscription } from "~/shared/billing/subscription";

/** The flow's structure with its products' price ids and discount ids (parallel by index). */
export async function fetchPaywallStructure(flow: PaywallFlowName): Promise<PaywallStructureResponse> {
  return paywallStructureResponseSchema.parse(await call(api().GET("/paywall/structure", { params: { query: { flow } } }))).data;
}

/** Prices in the order asked, with their product names (502 PADDLE_EMPTY_RESPONSE / PADDLE_API_ERROR on failure). */
export async function fetchPrices(priceIds: readonly string[], source: string): Promise<{ prices: Price[]; productNames: string[] }> {
  const answer = await call(api().GET("/paddle/prices", { params: { query: { priceIds: priceIds.join(","), source } } }));
  return pricesResponseSchema.parse(answer).data;
}

/** Discounts keyed by id. */
export async function fetchDiscounts(discountIds: readonly string[]): Promise<Record<string, Discount>> {
  const answer = await call(api().GET("/paddle/discounts", { params: { query: { discountIds: discountIds.join(",") } } }));
  return discountsResponseSchema.parse(answer).data;
}

/** What Paddle.js needs in the browser; null when payments are not set up on this server. */
export async function fetchPaddleConfig(): Promise<PaddleClientConfig | null> {
  return paddleConfigResponseSchema.parse(await call(api().GET("/paddle/config"))).data;
}

/** spec section 7: whether the purchase made the user Pro (the transaction must be the user's). */
export async function checkSubscription(query: {
  cid: string;
  transactionId: string;
}): Promise<{ isActive: boolean; subscription: Subscription | null }> {
  return subscriptionCheckResponseSchema.parse(await call(api().GET("/payment/subscriptions", { params: { query } }))).data;
}

/** POST /api/paddle/customer-update: links the Paddle customer made in checkout to the user; false = refused. */
export async function updatePaddleCustomer(input: z.input<typeof customerUpdateInput>): Promise<boolean> {
  const answer = await call(api().POST("/paddle/customer-update", { body: customerUpdateInput.parse(input) }));
  return answer.data.success;
}
