import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paywallDeps } from "~/app/features/billing/app-paywall";
import { PlanPicker } from "~/app/features/billing/components/plan-picker";
import { PremiumFeatures, paywallFeatureKeys } from "~/app/features/billing/components/premium-features";
import { createPaywallStore, usePaywallState } from "~/app/features/billing/paywall-store";
import { useOnboardingFrame } from "~/app/features/onboarding/use-onboarding-frame";
import { usePaywallSeen } from "~/app/features/onboarding/use-paywall-seen";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";

/**
 * /paywall (non-Pro only): the paywall step as a full page, shown once after onboarding (interpretations
 * 14: it marks itself seen). Continue goes to the chosen plan's checkout; the free plan goes Home.
 */
export default function PaywallPage() {
  const { t } = useTranslation("account");
  const { t: tb } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { hasFailed, whenSaved } = usePaywallSeen();
  const [isLeaving, setLeaving] = useState(false);
  // The page has its own store: the dashboard's modal must not open when the user goes on to Home.
  const [store] = useState(() => createPaywallStore(paywallDeps));
  const state = usePaywallState(store);

  useEffect(() => {
    void store.openPaywall({ source: "onboarding" });
  }, [store]);

  const continueFree = async () => {
    setLeaving(true);
    try {
      await whenSaved();
      // A full load, so the routing rules see `seenPaywall` and let the user stay on Home.
      window.location.assign(to("/home"));
    } catch {
      setLeaving(false);
      pushAlert({ type: "error", message: { key: "account:paywall.saveFailed" } });
    }
  };

  const continueToCheckout = () => {
    const product = state.paywallStructure?.structure.products[state.selectedIndex];
    if (!product) return;
    store.continueToCheckout();
    navigate(to(`/checkout/${product}`));
  };

  useOnboardingFrame({ close: { label: tc("ui.close"), onClick: continueFree } });

  return (
    <div className="mx-auto w-full max-w-lg space-y-6">
      <title>{`${tc("pages.Paywall.title")} · Parley`}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("paywall.title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("paywall.body")}</p>
      </div>
      <div className="rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/50">
        <PremiumFeatures features={paywallFeatureKeys} title={tb("paywall.featuresTitle")} />
      </div>
      <PlanPicker state={state} onSelect={store.selectPlan} onContinue={continueToCheckout} onRetry={() => void store.retry()} />
      {hasFailed && (
        <p role="alert" className="text-sm text-red-600">
          {t("paywall.saveFailed")}
        </p>
      )}
      <button type="button" className="btn-secondary w-full" disabled={isLeaving} onClick={continueFree}>
        {t("paywall.continueFree")}
      </button>
    </div>
  );
}
