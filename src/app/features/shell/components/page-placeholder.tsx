import { useTranslation } from "react-i18next";
import { useRouteName } from "~/app/i18n/use-route-name";
import { EmptyState } from "~/app/ui/empty-state";

/** A page whose feature lands in a later release: its title and an honest empty state, translated. */
export function PagePlaceholder({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  const name = useRouteName();
  return (
    <div className="space-y-6">
      <title>{`${t(`pages.${name}.title`)} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t(`pages.${name}.title`)}</h1>
      <EmptyState title={t(`pages.${name}.emptyTitle`)} body={t(`pages.${name}.emptyBody`)} action={children} />
    </div>
  );
}
