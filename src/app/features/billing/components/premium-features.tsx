import { useTranslation } from "react-i18next";

/** spec section 9: the paywall lists 7 premium features… */
export const paywallFeatureKeys = ["minutes", "uploads", "meetings", "longMeetings", "ai", "exports", "priority"] as const;
/** …and the Pro checkout page highlights 5. */
export const checkoutFeatureKeys = ["minutes", "uploads", "meetings", "longMeetings", "ai"] as const;

export type PremiumFeatureKey = (typeof paywallFeatureKeys)[number];

export function PremiumFeatures({ features, title }: { features: readonly PremiumFeatureKey[]; title?: string }) {
  const { t } = useTranslation("billing");
  return (
    <div className="space-y-3">
      {title ? <h3 className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">{title}</h3> : null}
      <ul className="space-y-2.5" data-testid="premium-features">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600 dark:text-indigo-400"
              fill="currentColor"
            >
              <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
            </svg>
            <span>{t(`features.${feature}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
