import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { LandingPlans, StartingPrice } from "~/shared/billing/landing-plans";
import type { Limits } from "~/shared/billing/plans";
import { currencySymbol, formatPrice } from "~/shared/billing/price-math";
import { PlanCard } from "./plan-card";

/**
 * The pricing section of the landing pages, from the plans the server loaded: with payments on, Free and
 * Pro from its real starting price; with payments off (a self-hosted install), the free plan alone. Each
 * plan lists the limits this install applies, never numbers written into the copy.
 */
export function PricingTeaser({ plans }: { plans: LandingPlans }) {
  const { t } = useTranslation("marketing");
  const to = useLocalizedPath();
  const { pro } = plans;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-5xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold">
          {t(pro ? "pricing.title" : "pricing.selfHosted.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-400">
          {t(pro ? "pricing.subtitle" : "pricing.selfHosted.subtitle")}
        </p>
        <div className={pro ? "mt-10 grid gap-6 md:grid-cols-2" : "mx-auto mt-10 max-w-md"}>
          <PlanCard
            id="plan-free"
            name={t("pricing.free.name")}
            price={
              <p className="mt-4">
                <span className="text-4xl font-bold">{t("pricing.free.price")}</span>{" "}
                <span className="text-slate-500">{t("pricing.free.period")}</span>
              </p>
            }
            features={limitLines(plans.free, t)}
            cta={{ href: to("/signup"), label: t("pricing.free.cta") }}
          />
          {pro ? (
            <PlanCard
              id="plan-pro"
              name={t("pricing.pro.name")}
              badge={t("pricing.pro.badge")}
              price={<ProPrice price={pro.startingPrice} t={t} />}
              features={[...limitLines(pro.limits, t), t("pricing.pro.cancel")]}
              cta={{ href: to("/signup"), label: t("pricing.pro.cta") }}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ProPrice({ price, t }: { price: StartingPrice | null; t: TFunction<"marketing"> }) {
  if (!price) return <p className="mt-4 text-slate-600 dark:text-slate-400">{t("pricing.pro.priceUnavailable")}</p>;
  const money = (cents: number) => formatPrice(cents, currencySymbol(price.currency));
  if (price.monthlyAmount === null) {
    return (
      <p className="mt-4">
        <span className="text-4xl font-bold">{money(price.amount)}</span> <span className="text-slate-500">{t("pricing.pro.oneTime")}</span>
      </p>
    );
  }
  return (
    <div className="mt-4">
      <p>
        <span className="text-4xl font-bold">{t("pricing.pro.from", { price: money(price.monthlyAmount) })}</span>{" "}
        <span className="text-slate-500">{t("pricing.pro.perMonth")}</span>
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {t("pricing.pro.billed", { total: money(price.amount), unit: price.unit, count: price.count })}
      </p>
    </div>
  );
}

/** One line per limit, as this install applies it (null = unlimited). */
function limitLines(limits: Limits, t: TFunction<"marketing">): string[] {
  const line = (key: string, count: number | null) =>
    count === null ? t(`pricing.limits.${key}Unlimited`) : t(`pricing.limits.${key}`, { count });
  return [
    line("minutes", limits.transcriptionMinutesPerMonth),
    line("uploads", limits.uploadsPerMonth),
    line("meetings", limits.concurrentMeetings),
    line("recording", limits.recordingMinutes),
  ];
}
