import { useTranslation } from "react-i18next";
import { PasteTextForm } from "../../features/notes/components/paste-text-form";

/** Home: quick ways to add a note (pasted text now; uploads, recordings and YouTube with issue 4's next slices). */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  return (
    <div className="space-y-6">
      <title>{`${t("pages.Home.title")} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.Home.title")}</h1>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{tn("home.quickActions")}</h2>
        <PasteTextForm />
        <p className="text-sm text-slate-600 dark:text-slate-400">{tn("home.comingSoon")}</p>
      </section>
    </div>
  );
}
