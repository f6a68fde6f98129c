import { useTranslation } from "react-i18next";
import { BillingOverview } from "~/app/features/billing/components/billing-overview";
import { SettingsTabs } from "~/app/features/settings/components/settings-tabs";

/** /settings/profile/billing (issue 7): the plan, its renewal or end, usage against the limits, cancel or resume. */
export default function SettingsBillingPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${t("pages.SettingsBilling.title")} · Parley`}</title>
      <SettingsTabs />
      <BillingOverview />
    </div>
  );
}
