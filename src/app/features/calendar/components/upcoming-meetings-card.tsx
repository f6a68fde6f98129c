import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useNoteEvents } from "~/app/features/notes/use-note-events";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { useCalendarFormat } from "../format-calendar";
import { fetchActiveEvents, fetchCalendars } from "../queries";
import { eventsRefreshMs } from "../use-calendar-events";
import { EventBotStatus } from "./event-bot-status";

/**
 * Home's "Your calendar" card: the meetings under way or starting within 10 minutes (GET /event/active)
 * with their notetaker's status, and the way to the week; without a calendar, the way to connect one.
 * A failed read shows nothing (the calendar page is where errors are said).
 */
export function UpcomingMeetingsCard() {
  const { t } = useTranslation("calendar");
  const to = useLocalizedPath();
  const format = useCalendarFormat();
  const [hasCalendar, setHasCalendar] = useState<boolean | null>(null);
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchCalendars(controller.signal)
      .then((list) => setHasCalendar(list.calendars.length > 0))
      .catch(() => setHasCalendar(null));
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reason to read again.
  useEffect(() => {
    if (!hasCalendar) return;
    const controller = new AbortController();
    const read = () =>
      fetchActiveEvents(controller.signal)
        .then(setEvents)
        .catch(() => {});
    void read();
    const timer = setInterval(read, eventsRefreshMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [hasCalendar, version]);

  useNoteEvents({
    onNote(note) {
      if (note.data.eventId && events.some((event) => event.data.eventId === note.data.eventId)) setVersion((value) => value + 1);
    },
  });

  if (hasCalendar === null) return null;
  const now = Date.now();
  return (
    <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="home-calendar" data-testid="home-calendar">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="home-calendar" className="text-base font-semibold">
          {t("home.title")}
        </h2>
        <Link to={to("/settings/calendar")} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {hasCalendar ? t("home.openWeek") : t("home.connectAction")}
        </Link>
      </div>
      {!hasCalendar ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("home.connect")}</p> : null}
      {hasCalendar && events.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("home.nothingSoon")}</p> : null}
      {events.length > 0 ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {events.map((event) => {
            const start = new Date(event.data.start);
            return (
              <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="home-calendar-event">
                <div className="min-w-0">
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {start.getTime() <= now ? t("home.now") : t("home.startsAt", { time: format.time(start) })}
                  </p>
                  <p className="break-words text-sm font-medium">{event.data.title.trim() || t("event.untitled")}</p>
                </div>
                {event.data.bot ? <EventBotStatus bot={event.data.bot} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
