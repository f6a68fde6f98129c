import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnboardingFrame } from "../../features/onboarding/use-onboarding-frame";
import { usePaywallSeen } from "../../features/onboarding/use-paywall-seen";
import { useLocalizedPath } from "../../i18n/use-locale";
import { pushAlert } from "../../ui/alert-store";

// A placeholder until the billing issue brings plans and checkout: it marks the paywall seen and lets
// the user go on with the free plan.
const benefits = ["minutes", "uploads", "meetings"] as const;

export default function PaywallPage() {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation();
  const to = useLocalizedPath();
  const { hasFailed, whenSaved } = usePaywallSeen();
  const [isLeaving, setLeaving] = useState(false);

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

  useOnboardingFrame({ close: { label: tc("ui.close"), onClick: continueFree } });

  return (
    <div className="mx-auto w-full max-w-lg space-y-6">
      <title>{`${tc("pages.Paywall.title")} · Parley`}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("paywall.title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("paywall.body")}</p>
      </div>
      <ul className="space-y-2 text-sm">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <span aria-hidden="true" className="text-indigo-600">
              ✓
            </span>
            {t(`paywall.benefits.${benefit}`)}
          </li>
        ))}
      </ul>
      <p className="rounded-lg bg-indigo-50 p-4 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        {t("paywall.comingSoon")}
      </p>
      {hasFailed && (
        <p role="alert" className="text-sm text-red-600">
          {t("paywall.saveFailed")}
        </p>
      )}
      <button type="button" className="btn-primary w-full sm:w-auto" disabled={isLeaving} onClick={continueFree}>
        {t("paywall.continueFree")}
      </button>
    </div>
  );
}
