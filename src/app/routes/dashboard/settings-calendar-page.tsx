import { useTranslation } from "react-i18next";
import { SettingsTabs } from "~/app/features/settings/components/settings-tabs";
import { EmptyState } from "~/app/ui/empty-state";

// Placeholder: the calendar issue connects Google Calendar, Outlook and Zoom here.
export default function SettingsCalendarPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${t("pages.SettingsCalendar.title")} · Parley`}</title>
      <SettingsTabs />
      <EmptyState title={t("pages.SettingsCalendar.emptyTitle")} body={t("pages.SettingsCalendar.emptyBody")} />
    </div>
  );
}
