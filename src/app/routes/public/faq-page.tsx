import { useTranslation } from "react-i18next";
import { useList } from "~/app/i18n/use-list";

type Section = { title: string; items: { q: string; a: string }[] };

export default function FaqPage() {
  const { t } = useTranslation("marketing");
  const sections = useList("marketing")("faqPage.sections") as unknown as Section[];
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <title>{t("faqPage.meta.title")}</title>
      <meta name="description" content={t("faqPage.meta.description")} />
      <h1 className="text-4xl font-bold tracking-tight">{t("faqPage.title")}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t("faqPage.subtitle")}</p>
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <div className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {section.items.map((item) => (
              <details key={item.q} className="py-3">
                <summary className="cursor-pointer font-medium">{item.q}</summary>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
