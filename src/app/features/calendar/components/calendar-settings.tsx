import { useTranslation } from "react-i18next";
import { Spinner } from "~/app/ui/spinner";
import { calendarPlatforms } from "~/shared/calendars/calendar-platforms";
import { useCalendarSettings } from "../use-calendar-settings";
import { useOAuthReturn } from "../use-oauth-return";
import { CalendarConnectionCard } from "./calendar-connection";
import { PreferenceToggles } from "./preference-toggles";
import { WeekView } from "./week-view";
import { ZoomConnectionCard } from "./zoom-connection";

/** /settings/calendar (issue 18): the connections, Zoom, the notetaker's toggles and the week's meetings. */
export function CalendarSettings() {
  const { t } = useTranslation("calendar");
  const settings = useCalendarSettings();
  useOAuthReturn(settings.reload);
  const { list, zoom, preferences } = settings;
  const calendars = list?.calendars ?? [];
  // The week is read again whenever a connection comes, goes, changes state or finishes a sync, and when
  // auto-join is saved (every event without its own toggle follows it).
  const connectionsKey = [
    ...calendars.map((calendar) => `${calendar.id}:${calendar.data.status}:${calendar.data.lastSyncedAt ?? ""}`),
    `autoJoin:${list?.preferences.autoJoin ?? ""}`,
  ].join(",");

  if (settings.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner size="lg" />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("page.intro")}</p>
      {/* spec section 8: a failed calendar list is silent; without it no card could tell its state truly. */}
      {list ? (
        <section className="space-y-3" aria-labelledby="calendar-connections">
          <h2 id="calendar-connections" className="text-lg font-semibold">
            {t("page.connectionsTitle")}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {calendarPlatforms.map((platform) => (
              <CalendarConnectionCard
                key={platform}
                platform={platform}
                connection={calendars.find((calendar) => calendar.data.platform === platform) ?? null}
                isAvailable={list.available.includes(platform)}
                onChanged={() => void settings.reload()}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {zoom ? (
        <section className="space-y-3" aria-labelledby="calendar-zoom">
          <h2 id="calendar-zoom" className="text-lg font-semibold">
            {t("page.zoomTitle")}
          </h2>
          <ul>
            <ZoomConnectionCard zoom={zoom} onChanged={() => void settings.reload()} />
          </ul>
        </section>
      ) : null}
      {list && preferences ? (
        <section className="space-y-3" aria-labelledby="calendar-notetaker">
          <h2 id="calendar-notetaker" className="text-lg font-semibold">
            {t("page.settingsTitle")}
          </h2>
          <PreferenceToggles
            preferences={preferences}
            saving={settings.saving}
            syncMode={list.syncMode}
            pollMinutes={list.pollMinutes}
            onChange={(key, value) => void settings.setPreference(key, value)}
          />
        </section>
      ) : null}
      <section className="space-y-3" aria-labelledby="calendar-week">
        <h2 id="calendar-week" className="text-lg font-semibold">
          {t("page.weekTitle")}
        </h2>
        {list && calendars.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("week.noCalendar")}</p> : null}
        <WeekView connectionsKey={connectionsKey} />
      </section>
    </div>
  );
}
