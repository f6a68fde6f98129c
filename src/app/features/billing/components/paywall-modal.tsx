import { Suspense, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { Spinner } from "~/app/ui/spinner";
import { closePaywall, continueToCheckout, paywallStore, selectPlan } from "../app-paywall";
import { type PaywallState, usePaywallState } from "../paywall-store";
import { useMessageText } from "../use-message-text";
import { CheckoutStep } from "./checkout-step";
import { PlanPicker } from "./plan-picker";
import { PremiumFeatures, paywallFeatureKeys } from "./premium-features";

function PaywallBody({ state, titleId }: { state: PaywallState; titleId: string }) {
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

/**
 * The paywall over every dashboard page (spec section 2): two steps, a close icon, at most 900px high and
 * the whole screen on a phone. A native modal <dialog>: the page behind is inert and Escape closes it.
 */
export function PaywallModal() {
  const state = usePaywallState(paywallStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.paywallOpened && !element.open) element.showModal();
    if (!state.paywallOpened && element.open) element.close();
  }, [state.paywallOpened]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid="paywall-modal"
      onCancel={(event) => {
        event.preventDefault();
        closePaywall();
      }}
      className="m-0 h-dvh max-h-none outline-none w-screen max-w-none overflow-y-auto bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 sm:m-auto sm:h-fit sm:max-h-[min(900px,calc(100dvh-2rem))] sm:w-[min(60rem,calc(100vw-2rem))] sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-2xl dark:bg-slate-900 dark:text-slate-100 sm:dark:border-slate-700"
    >
      {state.paywallOpened ? (
        <Suspense
          fallback={
            <div className="flex min-h-64 items-center justify-center">
              <Spinner size="lg" />
            </div>
          }
        >
          <PaywallBody state={state} titleId={titleId} />
        </Suspense>
      ) : null}
    </dialog>
  );
}
