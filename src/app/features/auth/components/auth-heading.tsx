import { useTranslation } from "react-i18next";
import { useRouteName } from "~/app/i18n/use-route-name";

/** The page title (h1 and document title): the route's own title unless a state of the page has another. */
export function AuthHeading({ title, subtitle }: { title?: string; subtitle?: string }) {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const text = title ?? t(`pages.${routeName}.title`);
  return (
    <div className="mb-6 space-y-1">
      <title>{`${text} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{text}</h1>
      {subtitle ? <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
    </div>
  );
}
