import { useTranslation } from "react-i18next";
import { SettingsTabs } from "../../features/settings/components/settings-tabs";
import { EmptyState } from "../../ui/empty-state";

// Placeholder: the billing issue shows the plan, usage and invoices here.
export default function SettingsBillingPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${t("pages.SettingsBilling.title")} · Parley`}</title>
      <SettingsTabs />
      <EmptyState title={t("pages.SettingsBilling.emptyTitle")} body={t("pages.SettingsBilling.emptyBody")} />
    </div>
  );
}
