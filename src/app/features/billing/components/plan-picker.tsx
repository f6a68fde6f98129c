import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "~/app/ui/spinner";
import type { PaywallState } from "../paywall-store";
import { planDisplay } from "../plan-display";
import { PlanCard } from "./plan-card";

/**
 * The paywall's right panel (spec section 4 "paywall state"): a spinner while loading, then one card per
 * price and Continue, or the error state (spec section 8: 'something went wrong'), which says what failed
 * and offers to try again. Nothing here stops the user: the paywall still closes.
 */
export function PlanPicker({
  state,
  onSelect,
  onContinue,
  onRetry,
  continueLabel,
}: {
  state: PaywallState;
  onSelect(index: number): void;
  onContinue(): void;
  onRetry(): void;
  continueLabel?: string;
}) {
  const { t } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const name = useId();

  if (state.paywallState === "loading") {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="lg" />
      </div>
    );
  }
  if (state.paywallState === "error") {
    return (
      <div
        className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        data-testid="paywall-error"
      >
        <div role="alert" className="space-y-1">
          <p className="font-medium">{tc("error.somethingWentWrong")}</p>
          <p>{t("plans.loadFailed")}</p>
        </div>
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {t("plans.retry")}
        </button>
      </div>
    );
  }

  const structure = state.paywallStructure?.structure;
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label={t("plans.label")} className="space-y-3">
        {state.prices.map((price, index) => (
          <PlanCard
            key={price.id}
            name={name}
            display={planDisplay(price, state.discounts[index] ?? null, state.currencySymbol)}
            isSelected={index === state.selectedIndex}
            isMostPopular={structure?.most_popular === index}
            saveBadge={structure?.save_badges[String(index)] ?? null}
            onSelect={() => onSelect(index)}
          />
        ))}
      </div>
      <button type="button" className="btn-primary w-full py-3 text-base" onClick={onContinue}>
        {continueLabel ?? t("plans.continue")}
      </button>
    </div>
  );
}
