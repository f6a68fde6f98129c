import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { useLocale } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";
import { confirm } from "~/app/ui/confirm-store";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";
import { type IntervalUnit, planTitleParts } from "~/shared/billing/price-math";
import { isRecurring, type Subscription } from "~/shared/billing/subscription";
import { openPaywall } from "../app-paywall";
import { planLoader, usePlan, useUsage } from "../plan-store";
import { cancelSubscription, stopCancellation } from "../queries";
import { UsageMeter } from "./usage-meter";

const intervalUnits: readonly string[] = ["day", "week", "month", "year"];

/** "12 months", "3 months", "Lifetime" of the user's subscription; null when it does not say. */
function usePlanPeriod(subscription: Subscription | null): string | null {
  const { t } = useTranslation("billing");
  if (!subscription?.interval) return null;
  if (subscription.interval === "lifetime") return t("planTitle.lifetime", { count: 1 });
  if (!intervalUnits.includes(subscription.interval)) return null;
  const title = planTitleParts({
    recurring: {
      interval: subscription.interval as IntervalUnit,
      interval_count: subscription.intervalCount ?? 1,
      trial_period_days: null,
      usage_type: "licensed",
    },
  });
  return t(`planTitle.${title.unit}`, { count: title.count });
}

/**
 * The billing page's content (issue 7): plan, renewal or end, usage against limits, cancel or resume. With
 * payments off (decision 022) it says so: nothing to buy or manage, and the limits are the operator's.
 */
export function BillingOverview() {
  const { t } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const plan = usePlan();
  const usage = useUsage();
  const locale = useLocale();
  const [isBusy, setBusy] = useState(false);
  const period = usePlanPeriod(plan.data?.subscription ?? null);
  const formatDate = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));

  if (plan.state === "loading" || plan.state === "idle") {
    return (
      <div className="flex justify-center py-10">
        <Spinner size="lg" />
      </div>
    );
  }
  if (!plan.data) return <FormMessage kind="error">{tc(plan.errorKey ?? "error.fetchPlan")}</FormMessage>;

  const { id, subscription, limits, paymentsOn } = plan.data;
  const isPro = id === "pro";
  const canCancel = paymentsOn && isPro && isRecurring(subscription) && !subscription?.cancelAtPeriodEnd;
  const canResume = paymentsOn && isPro && isRecurring(subscription) && subscription?.cancelAtPeriodEnd === true;
  const endsAt = subscription?.endsAt ?? null;

  const run = async (action: () => Promise<void>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      await planLoader.load();
      pushAlert({ type: "success", message: success });
    } catch (error) {
      pushAlert({ type: "error", message: errorMessage(error, failure) });
    } finally {
      setBusy(false);
    }
  };

  const handleCancel = async () => {
    const until = subscription?.renewsAt ?? endsAt;
    const isConfirmed = await confirm({
      title: t("settings.cancelConfirmTitle"),
      message: until ? t("settings.cancelConfirmBody", { date: formatDate(until) }) : t("settings.cancelConfirmBodyNoDate"),
      confirmText: t("settings.cancel"),
      cancelText: t("settings.keep"),
    });
    if (isConfirmed) await run(cancelSubscription, t("settings.canceled"), t("settings.cancelFailed"));
  };

  let status: string | null = null;
  if (isPro && subscription?.interval === "lifetime") status = t("settings.lifetime");
  else if (isPro && subscription?.cancelAtPeriodEnd && endsAt) status = t("settings.endsOn", { date: formatDate(endsAt) });
  else if (isPro && subscription?.renewsAt) status = t("settings.renewsOn", { date: formatDate(subscription.renewsAt) });
  else if (endsAt) status = t(new Date(endsAt) > new Date() ? "settings.endsOn" : "settings.endedOn", { date: formatDate(endsAt) });

  return (
    <div className="space-y-6">
      {plan.state === "error" ? <FormMessage kind="error">{tc(plan.errorKey ?? "error.fetchPlan")}</FormMessage> : null}
      <section className="card space-y-4" aria-labelledby="billing-plan-title">
        <h2 id="billing-plan-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("settings.title")}
        </h2>
        <div>
          <p className="text-2xl font-bold" data-testid="billing-plan-name">
            {isPro
              ? period
                ? t("settings.proWithPeriod", { period })
                : t("settings.pro")
              : paymentsOn
                ? t("settings.free")
                : t("settings.selfHosted")}
          </p>
          {status ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="billing-plan-status">
              {status}
            </p>
          ) : null}
          {paymentsOn ? null : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="billing-payments-off">
              {t("settings.paymentsOff")}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row empty:hidden">
          {!isPro && paymentsOn ? (
            <button type="button" className="btn-primary" onClick={() => openPaywall({ source: "settings_billing" })}>
              {t("settings.upgrade")}
            </button>
          ) : null}
          {canCancel ? (
            <button type="button" className="btn-secondary" disabled={isBusy} onClick={() => void handleCancel()}>
              {t("settings.cancel")}
            </button>
          ) : null}
          {canResume ? (
            <button
              type="button"
              className="btn-primary"
              disabled={isBusy}
              onClick={() => void run(stopCancellation, t("settings.resumed"), t("settings.resumeFailed"))}
            >
              {t("settings.resume")}
            </button>
          ) : null}
        </div>
      </section>
      <section className="card space-y-5" aria-labelledby="billing-usage-title">
        <h2 id="billing-usage-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("settings.usageTitle")}
        </h2>
        {usage.data ? (
          <>
            <UsageMeter
              testId="usage-transcription-minutes"
              label={t("settings.minutes")}
              used={usage.data.usage.transcriptionMinutes}
              limit={limits.transcriptionMinutesPerMonth}
            />
            <UsageMeter
              testId="usage-uploads"
              label={t("settings.uploads")}
              used={usage.data.usage.uploadCount}
              limit={limits.uploadsPerMonth}
            />
          </>
        ) : usage.state === "error" ? (
          <FormMessage kind="error">{tc(usage.errorKey ?? "error.fetchUsage")}</FormMessage>
        ) : (
          <div className="flex justify-center py-4">
            <Spinner size="md" />
          </div>
        )}
      </section>
    </div>
  );
}
