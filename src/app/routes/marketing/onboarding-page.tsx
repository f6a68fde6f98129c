import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { marketingPageKey } from "~/app/features/marketing/page-keys";
import { useList } from "~/app/i18n/use-list";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { useRouteName } from "~/app/i18n/use-route-name";

/** The six onboarding marketing pages; copy from `marketing:onboarding.pages.<key>`. */
export default function OnboardingPage() {
  const { t } = useTranslation("marketing");
  const list = useList<{ title: string; body: string }>("marketing");
  const to = useLocalizedPath();
  const key = `onboarding.pages.${marketingPageKey(useRouteName())}`;
  return (
    <div className="mx-auto w-full max-w-lg">
      <title>{t(`${key}.meta.title`)}</title>
      <meta name="description" content={t(`${key}.meta.description`)} />
      <h1 className="text-3xl font-bold tracking-tight">{t(`${key}.title`)}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{t(`${key}.subtitle`)}</p>
      <ul className="mt-8 space-y-4">
        {list(`${key}.points`).map((point) => (
          <li key={point.title} className="card flex gap-3 p-4">
            <span aria-hidden="true" className="mt-0.5 text-indigo-600">
              ✓
            </span>
            <div>
              <p className="font-semibold">{point.title}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{point.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to={to("/signup")} className="btn-primary mt-8 w-full py-3 text-base">
        {t(`${key}.cta`)}
      </Link>
    </div>
  );
}
