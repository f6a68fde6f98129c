import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PlanDisplay } from "../plan-display";

/**
 * One plan of the paywall: a radio (accessible name = the plan title, "12 months") drawn as a card whose
 * price, per-day cost and badges describe it. Tapping anywhere on the card selects it.
 */
export function PlanCard({
  name,
  display,
  isSelected,
  isMostPopular,
  saveBadge,
  onSelect,
}: {
  /** The radio group's name. */
  name: string;
  display: PlanDisplay;
  isSelected: boolean;
  isMostPopular: boolean;
  /** "71%" from the structure's save_badges, or null. */
  saveBadge: string | null;
  onSelect(): void;
}) {
  const { t } = useTranslation("billing");
  const id = useId();
  const title = t(`planTitle.${display.title.unit}`, { count: display.title.count });
  return (
    <label
      className={`relative flex w-full cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
        isSelected
          ? "border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/60"
          : "border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600"
      }`}
    >
      <input
        type="radio"
        name={name}
        checked={isSelected}
        onChange={onSelect}
        aria-label={title}
        aria-describedby={`${id}-badges ${id}-price`}
        className="sr-only"
      />
      <span
        aria-hidden="true"
        className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? "border-indigo-600 dark:border-indigo-400" : "border-slate-300 dark:border-slate-600"}`}
      >
        {isSelected ? <span className="h-2.5 w-2.5 rounded-full bg-indigo-600 dark:bg-indigo-400" /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span aria-hidden="true" className="font-semibold">
            {title}
          </span>
          <span id={`${id}-badges`} className="contents">
            {isMostPopular ? (
              <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">{t("plans.mostPopular")}</span>
            ) : null}
            {saveBadge ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
                {t("plans.save", { percent: saveBadge })}
              </span>
            ) : null}
          </span>
        </span>
        <span id={`${id}-price`} className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
          {display.originalPrice ? (
            <>
              <span className="sr-only">{t("plans.originalPrice", { price: display.originalPrice })}</span>
              <s aria-hidden="true" className="mr-1.5 text-slate-400">
                {display.originalPrice}
              </s>{" "}
            </>
          ) : null}
          <span className="font-medium text-slate-900 dark:text-slate-100">{display.price}</span>
          {display.perDay ? <span className="sr-only">, {t("plans.perDay", { price: display.perDay })}</span> : null}
        </span>
      </span>
      {display.perDay ? (
        <span
          aria-hidden="true"
          className="shrink-0 text-right text-sm font-semibold text-slate-900 dark:text-slate-100"
          data-testid="plan-per-day"
        >
          {t("plans.perDay", { price: display.perDay })}
        </span>
      ) : null}
    </label>
  );
}
