import { useTranslation } from "react-i18next";
import { backToPlans, closePaywall, paywallStore } from "../app-paywall";
import { checkoutSelection, type PaywallState } from "../paywall-store";
import { planDisplay } from "../plan-display";
import { planLoader, usageLoader } from "../plan-store";
import { usePaddleCheckout } from "../use-paddle-checkout";
import { CheckoutFrame } from "./checkout-frame";
import { PaymentLogos } from "./payment-logos";
import { PlanSummary } from "./plan-summary";

/**
 * The paywall's second step (spec section 2): the chosen price and discount, Paddle's inline form, the
 * payment-method logos and the safety note; a verified purchase closes the paywall a second later.
 */
export function CheckoutStep({ state }: { state: PaywallState }) {
  const { t } = useTranslation("billing");
  const selection = checkoutSelection(state);
  const setup = usePaddleCheckout({
    priceId: selection?.price.id ?? null,
    discountId: selection?.discount?.id ?? null,
    onCheckoutState: (checkoutState) => paywallStore.setCheckoutState(checkoutState),
    onVerified: () => {
      void planLoader.load();
      void usageLoader.reload();
    },
    onClose: closePaywall,
  });
  if (!selection) return null;
  const isBusy = state.checkoutState === "validating" || state.checkoutState === "success";
  return (
    <div className="mx-auto w-full max-w-xl space-y-5">
      <button
        type="button"
        onClick={backToPlans}
        disabled={isBusy}
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline disabled:opacity-50 dark:text-indigo-300"
      >
        <span aria-hidden="true">←</span>
        {t("checkout.back")}
      </button>
      <PlanSummary display={planDisplay(selection.price, selection.discount, state.currencySymbol)} heading={t("checkout.chosenPlan")} />
      <CheckoutFrame setup={setup} checkoutState={state.checkoutState} />
      <div className="space-y-3 border-t border-slate-200 pt-4 text-center dark:border-slate-700">
        <PaymentLogos />
        <p className="flex items-center justify-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-emerald-600" fill="currentColor">
            <path d="M10 1 3 4v5c0 4.4 3 8.4 7 10 4-1.6 7-5.6 7-10V4zm-1.2 12.6L5.5 10.3l1.1-1.1 2.2 2.2 4.6-4.6 1.1 1.1z" />
          </svg>
          {t("checkout.secure")}
        </p>
        <p className="text-xs text-slate-500">{t("checkout.copyright")}</p>
      </div>
    </div>
  );
}
