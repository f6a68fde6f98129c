import { useTranslation } from "react-i18next";
import { useLocale } from "~/app/i18n/use-locale";
import { checkoutFeatureKeys, PremiumFeatures } from "./premium-features";

/** The checkout page's Pro panel (spec section 2): the Pro image in the page's language and five features. */
export function ProPanel() {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  return (
    <aside className="space-y-5 rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/50" aria-label={t("checkoutPage.proPanel")}>
      <img
        src={`/images/pro-${locale}.svg`}
        alt={t("checkoutPage.proImageAlt")}
        width={320}
        height={120}
        className="h-auto w-full max-w-xs"
      />
      <PremiumFeatures features={checkoutFeatureKeys} />
    </aside>
  );
}
