import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { closePaywall, continueToCheckout, paywallStore, selectPlan } from "../app-paywall";
import type { PaywallState } from "../paywall-store";
import { useMessageText } from "../use-message-text";
import { CheckoutStep } from "./checkout-step";
import { PlanPicker } from "./plan-picker";
import { PremiumFeatures, paywallFeatureKeys } from "./premium-features";

// The paywall's two steps (plans, then checkout): loaded when the paywall first opens, so the plan
// picker, Paddle checkout and the zod-checked price calls do not ship with every dashboard page (issue 22).

export function PaywallBody({ state, titleId }: { state: PaywallState; titleId: string }) {
  const { t } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const messageText = useMessageText();
  return (
    <div className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4 sm:px-8 dark:border-slate-700 dark:bg-slate-900">
        <div>
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {t("paywall.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("paywall.subtitle")}</p>
        </div>
        <CloseButton label={tc("ui.close")} onClick={closePaywall} size="lg" />
      </div>
      <div className="flex-1 space-y-5 px-5 py-5 sm:px-8 sm:py-6">
        {state.message ? (
          <p
            role="status"
            data-testid="paywall-message"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {messageText(state.message)}
          </p>
        ) : null}
        {state.paywallStep === "checkout" ? (
          <CheckoutStep state={state} />
        ) : (
          <div className="grid gap-6 md:grid-cols-[1fr_1.2fr] md:gap-8">
            <div className="rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/50">
              <PremiumFeatures features={paywallFeatureKeys} title={t("paywall.featuresTitle")} />
            </div>
            <PlanPicker state={state} onSelect={selectPlan} onContinue={continueToCheckout} onRetry={() => void paywallStore.retry()} />
          </div>
        )}
      </div>
    </div>
  );
}
