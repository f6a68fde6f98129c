import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useList } from "~/app/i18n/use-list";
import { useLocalizedPath } from "~/app/i18n/use-locale";

export function PricingTeaser() {
  const { t } = useTranslation("marketing");
  const list = useList<{ [key: string]: string }>("marketing");
  const to = useLocalizedPath();
  const plans = [
    { key: "free", isHighlighted: false },
    { key: "pro", isHighlighted: true },
  ] as const;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-5xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold">
          {t("pricing.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-400">{t("pricing.subtitle")}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {plans.map(({ key, isHighlighted }) => (
            <article key={key} className={`card flex flex-col ${isHighlighted ? "ring-2 ring-indigo-600" : ""}`}>
              <div className="flex items-center justify-between">
                <h3 className="text-xl font-semibold">{t(`pricing.${key}.name`)}</h3>
                {isHighlighted && (
                  <span className="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                    {t("pricing.pro.badge")}
                  </span>
                )}
              </div>
              <p className="mt-4">
                <span className="text-4xl font-bold">{t(`pricing.${key}.price`)}</span>{" "}
                <span className="text-slate-500">{t(`pricing.${key}.period`)}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-sm">
                {list(`pricing.${key}.features`).map((feature) => (
                  <li key={String(feature)} className="flex gap-2">
                    <span aria-hidden="true" className="text-indigo-600">
                      ✓
                    </span>
                    {String(feature)}
                  </li>
                ))}
              </ul>
              <Link to={to("/signup")} className={`mt-6 ${isHighlighted ? "btn-primary" : "btn-secondary"}`}>
                {t(`pricing.${key}.cta`)}
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
