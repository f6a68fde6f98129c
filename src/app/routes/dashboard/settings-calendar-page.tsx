import { useTranslation } from "react-i18next";
import { CalendarSettings } from "~/app/features/calendar/components/calendar-settings";
import { SettingsTabs } from "~/app/features/settings/components/settings-tabs";

/** /settings/calendar (spec section 2 "Calendar view"; issue 18): calendars, Zoom, the notetaker's toggles, the week. */
export default function SettingsCalendarPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>{`${t("pages.SettingsCalendar.title")} · Parley`}</title>
      <SettingsTabs />
      <CalendarSettings />
    </div>
  );
}
