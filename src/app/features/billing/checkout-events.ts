import type { Purchase } from "../analytics/product-events";
import type { CheckoutState } from "./paywall-store";

// What happens on each Paddle.js checkout event (spec sections 4, 8 and 9): the customer is linked to
// the user, the payment start and failure are recorded, and a completed checkout is verified by asking
// our server (the webhook may still be on its way) before the user is told they are Pro.

/** spec section 9: subscription verification tries 20 times, 500 ms apart; the paywall closes 1 s after. */
export const verificationTries = 20;
export const verificationIntervalMs = 500;
export const closeAfterSuccessMs = 1000;

/** The parts of a Paddle.js event this code reads (PaddleEventData fits it). */
export interface CheckoutEvent {
  name?: string;
  data?: {
    transaction_id?: string;
    customer?: { id?: string | null; email?: string | null } | null;
    /** Major units (Paddle.js event data), for the purchase event's revenue estimate. */
    totals?: { total?: number | null } | null;
    currency_code?: string | null;
    items?: { price_id?: string | null }[] | null;
  };
}

export type Wait = (ms: number) => Promise<void>;
export const wait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` until it answers true, at most `tries` times with `intervalMs` between (a timer loop).
 * A failed check counts as "not yet" and is logged (spec section 8: 'Subscription check failure: logged').
 */
export async function pollUntilActive(
  check: () => Promise<boolean>,
  {
    tries = verificationTries,
    intervalMs = verificationIntervalMs,
    pause = wait,
  }: { tries?: number; intervalMs?: number; pause?: Wait } = {},
): Promise<boolean> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      if (await check()) return true;
    } catch (error) {
      console.warn("subscription check failed", error);
    }
    if (attempt < tries) await pause(intervalMs);
  }
  return false;
}

export interface CheckoutEventDeps {
  user: { userId: string; cerebroId: string };
  updateCustomer(input: { customerId: string; paddleCustomerEmail: string | null; userId: string; cerebroId: string }): Promise<boolean>;
  setPaymentInitiated(isPaymentInitiated: boolean): Promise<void>;
  checkSubscription(query: { cid: string; transactionId: string }): Promise<{ isActive: boolean }>;
  onCheckoutState(state: Exclude<CheckoutState, "idle">): void;
  /** The purchase is verified: refresh what shows the plan. */
  onVerified?(): void;
  /** Called `closeAfterSuccessMs` after a verified purchase (the modal closes). */
  onClose?(): void;
  analytics: {
    trackCustomerUpdateFailed(): void;
    trackPaymentFailed(): void;
    trackPurchaseFailed(): void;
    /** A verified purchase (spec 9: its event carries the revenue estimate). */
    trackPurchase?(purchase: Purchase): void;
  };
  pause?: Wait;
}

export function createCheckoutEventHandler(deps: CheckoutEventDeps): { handle(event: CheckoutEvent): Promise<void> } {
  const pause = deps.pause ?? wait;
  let isCompleting = false;

  const linkCustomer = async (event: CheckoutEvent) => {
    const customer = event.data?.customer;
    if (!customer?.id) return;
    try {
      const isLinked = await deps.updateCustomer({
        customerId: customer.id,
        paddleCustomerEmail: customer.email ?? null,
        userId: deps.user.userId,
        cerebroId: deps.user.cerebroId,
      });
      if (!isLinked) deps.analytics.trackCustomerUpdateFailed();
    } catch {
      deps.analytics.trackCustomerUpdateFailed();
    }
  };

  const complete = async (event: CheckoutEvent) => {
    const transactionId = event.data?.transaction_id;
    if (isCompleting || !transactionId) return;
    isCompleting = true;
    deps.onCheckoutState("validating");
    const isActive = await pollUntilActive(
      async () => (await deps.checkSubscription({ cid: deps.user.cerebroId, transactionId })).isActive,
      { pause },
    );
    if (!isActive) {
      isCompleting = false;
      deps.onCheckoutState("failed");
      deps.analytics.trackPurchaseFailed();
      return;
    }
    deps.onCheckoutState("success");
    const total = event.data?.totals?.total;
    if (typeof total === "number" && Number.isFinite(total))
      deps.analytics.trackPurchase?.({
        transactionId,
        price: total,
        currency: event.data?.currency_code ?? null,
        priceId: event.data?.items?.[0]?.price_id ?? null,
      });
    deps.onVerified?.();
    if (deps.onClose) {
      await pause(closeAfterSuccessMs);
      deps.onClose();
    }
  };

  return {
    async handle(event) {
      switch (event.name) {
        case "checkout.customer.created":
        case "checkout.customer.updated":
          await linkCustomer(event);
          return;
        // The flag only tells support a payment was under way; the payment itself goes on without it.
        case "checkout.payment.initiated":
          await deps.setPaymentInitiated(true).catch(() => {});
          return;
        case "checkout.payment.failed":
          deps.analytics.trackPaymentFailed();
          await deps.setPaymentInitiated(false).catch(() => {});
          return;
        case "checkout.completed":
          await complete(event);
          return;
        default:
          return;
      }
    },
  };
}
