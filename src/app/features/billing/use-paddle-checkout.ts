import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { trackCustomerUpdateFailed, trackPaymentFailed, trackPurchase, trackPurchaseFailed } from "../analytics/analytics";
import { createCheckoutEventHandler } from "./checkout-events";
import { buildCheckoutPayload, paddleLocale } from "./checkout-payload";
import { initializePaddleCheckout, loadPaddle, openPaddleCheckout, PaddleScriptError, setCheckoutEventListener } from "./paddle-checkout";
import { checkSubscription, fetchPaddleConfig, updatePaddleCustomer } from "./paywall-queries";
import type { CheckoutState } from "./paywall-store";
import { fetchCheckoutUser, setPaymentInitiated } from "./queries";

/** How far the embedded form got: loading, shown, or why it is not (spec section 8). */
export type CheckoutSetup = "loading" | "ready" | "notConfigured" | "scriptFailed" | "failed";

export interface PaddleCheckoutOptions {
  priceId: string | null;
  discountId: string | null;
  onCheckoutState(state: Exclude<CheckoutState, "idle">): void;
  onVerified?(): void;
  onClose?(): void;
}

/**
 * Opens Paddle's inline checkout for `priceId` in the page's `.paddle-checkout-frame` element (render it
 * before calling): reads the payment configuration and the user, loads Paddle.js, opens the form, and
 * routes its events (customer link, payment flags, verification). Closes the form when the caller goes.
 */
export function usePaddleCheckout({ priceId, discountId, ...callbacks }: PaddleCheckoutOptions): CheckoutSetup {
  const locale = paddleLocale(useLocale());
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  const [setup, setSetup] = useState<CheckoutSetup>("loading");
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    if (!priceId) return;
    let isCurrent = true;
    let paddle: NonNullable<Window["Paddle"]> | null = null;
    setSetup("loading");
    (async () => {
      const [config, user] = await Promise.all([fetchPaddleConfig(), fetchCheckoutUser()]);
      if (!isCurrent) return;
      if (!config) {
        setSetup("notConfigured");
        return;
      }
      paddle = await loadPaddle(config.scriptUrl, nonce);
      if (!isCurrent) return;
      const handler = createCheckoutEventHandler({
        user,
        updateCustomer: updatePaddleCustomer,
        setPaymentInitiated,
        checkSubscription,
        onCheckoutState: (state) => isCurrent && latest.current.onCheckoutState(state),
        onVerified: () => latest.current.onVerified?.(),
        onClose: () => {
          if (isCurrent) latest.current.onClose?.();
        },
        analytics: { trackCustomerUpdateFailed, trackPaymentFailed, trackPurchaseFailed, trackPurchase },
      });
      setCheckoutEventListener((event) => void handler.handle(event));
      initializePaddleCheckout(paddle, config, locale);
      openPaddleCheckout(paddle, buildCheckoutPayload({ user, priceId, discountId, locale }));
      setSetup("ready");
    })().catch((error: unknown) => {
      if (isCurrent) setSetup(error instanceof PaddleScriptError ? "scriptFailed" : "failed");
    });
    return () => {
      isCurrent = false;
      setCheckoutEventListener(null);
      paddle?.Checkout.close();
    };
  }, [priceId, discountId, locale, nonce]);

  return setup;
}
