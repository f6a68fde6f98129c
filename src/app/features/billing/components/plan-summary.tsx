import { useTranslation } from "react-i18next";
import type { PlanDisplay } from "../plan-display";

/** The chosen plan as the checkout shows it: title, price with its billing period, and its discount, if one applies. */
export function PlanSummary({ display, heading }: { display: PlanDisplay; heading: string }) {
  const { t } = useTranslation("billing");
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="checkout-summary">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{heading}</p>
      <p className="mt-1 text-lg font-semibold">{t(`planTitle.${display.title.unit}`, { count: display.title.count })}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
        {display.originalPrice ? (
          <>
            <span className="sr-only">{t("plans.originalPrice", { price: display.originalPrice })}</span>
            <s aria-hidden="true" className="text-slate-400">
              {display.originalPrice}
            </s>
          </>
        ) : null}
        <span className="text-xl font-bold text-slate-900 dark:text-slate-100">{display.price}</span>
        <span className="text-slate-600 dark:text-slate-300">
          {t(`interval.${display.interval.key}`, { count: display.interval.count })}
        </span>
      </p>
      {display.discountPercent !== null ? (
        <p className="mt-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
          {t("checkout.discount", { percent: display.discountPercent })}
        </p>
      ) : null}
    </div>
  );
}
