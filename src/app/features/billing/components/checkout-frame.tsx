import { useTranslation } from "react-i18next";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";
import { checkoutFrameClass } from "../paddle-checkout";
import type { CheckoutSetup } from "../use-paddle-checkout";

/** Checkout completion as the page shows it: the modal's `failed` is the full page's `error` (spec section 4). */
export type CheckoutView = "idle" | "validating" | "success" | "failed" | "error";

/**
 * The element Paddle draws its inline form into, with what the buyer needs around it: a spinner while the
 * form or the verification loads, why there is no form, the payment's outcome.
 */
export function CheckoutFrame({ setup, checkoutState }: { setup: CheckoutSetup; checkoutState: CheckoutView }) {
  const { t } = useTranslation("billing");
  const isSucceeded = checkoutState === "success";
  return (
    <div className="space-y-3">
      {setup === "notConfigured" ? <FormMessage kind="error">{t("checkout.notConfigured")}</FormMessage> : null}
      {/* spec section 8: when the script does not load, only this message shows. */}
      {setup === "scriptFailed" ? <FormMessage kind="error">{t("checkout.scriptFailed")}</FormMessage> : null}
      {setup === "failed" ? <FormMessage kind="error">{t("checkout.openFailed")}</FormMessage> : null}
      {setup === "loading" ? (
        <div className="flex justify-center py-8">
          <Spinner size="md" />
        </div>
      ) : null}
      {checkoutState === "validating" ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
        >
          <Spinner size="sm" />
          <span>{t("checkout.validating")}</span>
        </div>
      ) : null}
      {isSucceeded ? <FormMessage kind="notice">{t("checkout.paymentSuccessful")}</FormMessage> : null}
      {checkoutState === "failed" || checkoutState === "error" ? (
        <FormMessage kind="error">{t("checkout.paymentFailed")}</FormMessage>
      ) : null}
      {/* Kept in the page while Paddle may still draw into it; hidden once the purchase is confirmed. */}
      <div className={`${checkoutFrameClass} min-h-0 ${isSucceeded ? "hidden" : ""}`} data-testid="paddle-checkout-frame" />
    </div>
  );
}
