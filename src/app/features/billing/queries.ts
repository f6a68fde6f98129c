// The billing calls the dashboard makes (spec section 7, interpretations 25), typed by the API's contract
// (decision 021). zod-free: this file loads with every dashboard page (issue 22). The answers the paywall and
// checkout draw prices from are also checked at run time, in paywall-queries.ts, loaded with the paywall.
import { api, call } from "~/app/api/typed-api";
import type { UserPayload } from "~/shared/accounts/user-payload";
import type { PlanResponse } from "~/shared/billing/billing-api";
import type { LimitErrorSource } from "~/shared/billing/plans";
import type { Usage } from "~/shared/usage/usage-api";

export async function fetchPlan(signal?: AbortSignal): Promise<PlanResponse> {
  return await call(api().GET("/user/plan", { signal }));
}

export async function fetchUsage(signal?: AbortSignal): Promise<Usage> {
  return await call(api().GET("/user/usage", { signal }));
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
