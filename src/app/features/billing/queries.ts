// The billing calls the browser makes (spec section 7, interpretations 25). Typed by the API's contract
// (decision 021); the answers the paywall and checkout draw from are also checked at run time with the
// shared zod schemas: a paywall must not show half a price from an unexpected answer.
import type { z } from "zod";
import { api, call } from "~/app/api/typed-api";
import type { UserPayload } from "~/shared/accounts/user-payload";
import {
  customerUpdateInput,
  type Discount,
  discountsResponseSchema,
  type PaddleClientConfig,
  type PaywallFlowName,
  type PaywallStructureResponse,
  type PlanResponse,
  type Price,
  paddleConfigResponseSchema,
  paywallStructureResponseSchema,
  planResponseSchema,
  pricesResponseSchema,
  subscriptionCheckResponseSchema,
} from "~/shared/billing/billing-api";
import type { LimitErrorSource } from "~/shared/billing/plans";
import type { Subscription } from "~/shared/billing/subscription";
import { type Usage, usageSchema } from "~/shared/usage/usage-api";

export async function fetchPlan(signal?: AbortSignal): Promise<PlanResponse> {
  return planResponseSchema.parse(await call(api().GET("/user/plan", { signal })));
}

export async function fetchUsage(signal?: AbortSignal): Promise<Usage> {
  return usageSchema.parse(await call(api().GET("/user/usage", { signal })));
}

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

/** Cancels the recurring subscription at the end of the period (Pro stays until then). */
export async function cancelSubscription(): Promise<void> {
  await call(api().POST("/paddle/cancel-subscription"));
}

/** Takes back a scheduled cancellation: the subscription renews again. */
export async function stopCancellation(): Promise<void> {
  await call(api().POST("/paddle/stop-cancellation"));
}

/** spec section 4: payment start sets isPaymentInitiated, payment failure clears it. */
export async function setPaymentInitiated(isPaymentInitiated: boolean): Promise<void> {
  await call(api().POST("/user/set", { body: { isPaymentInitiated } }));
}

/** spec section 6: a paid user at a limit asks support (by e-mail) to raise it. */
export async function requestLimitUpgrade(errorSource: LimitErrorSource): Promise<void> {
  await call(api().POST("/user/limit-upgrade-request", { body: { errorSource } }));
}

export type CheckoutUser = Pick<UserPayload, "userId" | "cerebroId" | "email">;

/** The ids and e-mail the checkout payload carries (GET /api/user); only those, the payload holds more. */
export async function fetchCheckoutUser(): Promise<CheckoutUser> {
  const { userId, cerebroId, email } = (await call(api().GET("/user"))).payload;
  return { userId, cerebroId, email };
}
