import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { CheckoutFrame, type CheckoutView } from "~/app/features/billing/components/checkout-frame";
import { PaymentLogos } from "~/app/features/billing/components/payment-logos";
import { PlanSummary } from "~/app/features/billing/components/plan-summary";
import { ProPanel } from "~/app/features/billing/components/pro-panel";
import { planDisplay } from "~/app/features/billing/plan-display";
import { useCheckoutProduct } from "~/app/features/billing/use-checkout-product";
import { usePaddleCheckout } from "~/app/features/billing/use-paddle-checkout";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";

/**
 * /checkout/{productId} (non-Pro only; 1month, 3month, 1year or lifetime): Pro activation as a full page —
 * the Pro panel, the price with its billing period, Paddle's inline form, then the verified outcome
 * (states idle, validating, success, error: spec section 4).
 */
export default function CheckoutPage() {
  const { t } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const to = useLocalizedPath();
  const { productId } = useParams();
  const product = useCheckoutProduct(productId);
  const [checkoutState, setCheckoutState] = useState<CheckoutView>("idle");
  const ready = product.state === "ready" ? product : null;
  const setup = usePaddleCheckout({
    priceId: ready?.price.id ?? null,
    discountId: ready?.discount?.id ?? null,
    onCheckoutState: (state) => setCheckoutState(state === "failed" ? "error" : state),
  });

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <title>{`${tc("pages.Checkout.title")} · Parley`}</title>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <ProPanel />
        <div className="min-w-0 space-y-5">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{t("checkoutPage.title")}</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("checkoutPage.body")}</p>
          </div>
          {product.state === "loading" ? (
            <div className="flex justify-center py-8">
              <Spinner size="lg" />
            </div>
          ) : null}
          {product.state === "unknown" || product.state === "error" ? (
            <>
              <FormMessage kind="error">
                {product.state === "unknown" ? t("checkoutPage.unknownProduct") : tc("error.somethingWentWrong")}
              </FormMessage>
              <Link to={to("/paywall")} className="btn-secondary w-full">
                {t("checkoutPage.seePlans")}
              </Link>
            </>
          ) : null}
          {ready ? (
            <>
              <PlanSummary display={planDisplay(ready.price, ready.discount, ready.symbol)} heading={t("checkout.chosenPlan")} />
              <CheckoutFrame setup={setup} checkoutState={checkoutState} />
              {checkoutState === "success" ? (
                // A full load, so the routing rules see the new plan.
                <a href={to("/home")} className="btn-primary w-full">
                  {t("checkoutPage.goHome")}
                </a>
              ) : null}
              <div className="space-y-3 border-t border-slate-200 pt-4 text-center dark:border-slate-700">
                <PaymentLogos />
                <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("checkout.secure")}</p>
                <p className="text-xs text-slate-500">{t("checkout.copyright")}</p>
              </div>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
