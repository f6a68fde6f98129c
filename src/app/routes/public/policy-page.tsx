import { useTranslation } from "react-i18next";
import { useList } from "~/app/i18n/use-list";
import { useLocale } from "~/app/i18n/use-locale";
import { useRouteName } from "~/app/i18n/use-route-name";

const documentKeys: Record<string, string> = {
  Terms: "terms",
  Privacy: "privacy",
  CookiePolicy: "cookie",
  Refund: "refund",
  Community: "community",
};

// The date the current policy texts took effect; bump it with any change to legal.json.
const effectiveDate = new Date(Date.UTC(2026, 10, 22));

/** The five policy pages (terms, privacy, cookies, refunds, community), copy from the legal catalog. */
export default function PolicyPage() {
  const { t } = useTranslation("legal");
  const locale = useLocale();
  const key = `documents.${documentKeys[useRouteName()] ?? "terms"}`;
  const sections = useList<{ heading: string; body: string }>("legal")(`${key}.sections`);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(effectiveDate);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <title>{`${t(`${key}.title`)} · Parley`}</title>
      <h1 className="text-4xl font-bold tracking-tight">{t(`${key}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-500">{t("updated", { date })}</p>
      <p className="mt-6 text-slate-700 dark:text-slate-300">{t(`${key}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{section.body}</p>
        </section>
      ))}
    </article>
  );
}
