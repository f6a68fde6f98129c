import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SettingsTabs } from "~/app/features/settings/components/settings-tabs";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { EmptyState } from "~/app/ui/empty-state";

// Until the calendar issue connects Google Calendar, Outlook and Zoom here, the page says that they are not
// available and where meetings are sent from meanwhile.
export default function SettingsCalendarPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${t("pages.SettingsCalendar.title")} · Parley`}</title>
      <SettingsTabs />
      <EmptyState
        title={t("pages.SettingsCalendar.emptyTitle")}
        body={t("pages.SettingsCalendar.emptyBody")}
        action={
          <Link to={to("/home")} className="btn-primary">
            {t("pages.SettingsCalendar.toHome")}
          </Link>
        }
      />
    </div>
  );
}
