import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "~/app/ui/spinner";
import { addDays, calendarWindow, dayKey, eventsByDay, startOfDay, startOfWeek, windowDays } from "../calendar-week";
import { useCalendarFormat } from "../format-calendar";
import { useCalendarEvents } from "../use-calendar-events";
import { EventItem } from "./event-item";

/**
 * The calendar view (spec sections 2 and 9): 7 days (10,080 minutes) from the selected day's start, which
 * is the first day of a week in the reader's locale; previous and next week and Today. Days are columns on
 * a wide screen and a list on a phone.
 */
export function WeekView({ connectionsKey }: { connectionsKey: string }) {
  const { t } = useTranslation("calendar");
  const format = useCalendarFormat();
  const [selectedDay, setSelectedDay] = useState(() => startOfWeek(new Date(), format.weekStart));
  const range = useMemo(() => calendarWindow(selectedDay), [selectedDay]);
  const days = useMemo(() => windowDays(selectedDay), [selectedDay]);
  const state = useCalendarEvents(range, connectionsKey);
  const groups = eventsByDay(state.events, days);
  const todayKey = dayKey(startOfDay(new Date()));
  const lastDay = days[days.length - 1] ?? selectedDay;

  return (
    <div className="space-y-4" data-testid="week-view" data-window-start={range.start.toISOString()} data-paused={String(state.isPaused)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold" data-testid="week-range">
          {format.range(selectedDay, lastDay)}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary px-3"
            aria-label={t("week.previous")}
            onClick={() => setSelectedDay((day) => addDays(day, -7))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="btn-secondary px-3" onClick={() => setSelectedDay(startOfWeek(new Date(), format.weekStart))}>
            {t("week.today")}
          </button>
          <button
            type="button"
            className="btn-secondary px-3"
            aria-label={t("week.next")}
            onClick={() => setSelectedDay((day) => addDays(day, 7))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {state.isLoading ? (
        <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner size="sm" />
          {t("week.loading")}
        </div>
      ) : null}
      <ol className="grid gap-3 lg:grid-cols-7 lg:gap-2">
        {days.map((day) => {
          const key = dayKey(day);
          const items = groups.get(key) ?? [];
          const isToday = key === todayKey;
          return (
            <li
              key={key}
              className="min-w-0 space-y-2"
              data-testid="calendar-day"
              data-day={key}
              aria-current={isToday ? "date" : undefined}
            >
              <h3
                className={`flex items-baseline justify-between gap-2 border-b pb-1 text-sm font-semibold ${
                  isToday ? "border-indigo-500 text-indigo-700 dark:text-indigo-300" : "border-slate-200 dark:border-slate-800"
                }`}
              >
                <span>{format.day(day)}</span>
                {isToday ? <span className="text-xs font-medium">{t("week.todayMark")}</span> : null}
              </h3>
              {items.length === 0 ? (
                <p className="text-xs text-slate-500 dark:text-slate-400">{state.isLoading ? "" : t("week.empty")}</p>
              ) : (
                <ul className="space-y-2">
                  {items.map((event) => (
                    <EventItem
                      key={event.id}
                      event={event}
                      format={format}
                      pendingJoin={state.pendingJoin.get(event.id)}
                      isSending={state.sending.has(event.id)}
                      onToggleJoin={(next) => void state.toggleJoin(event, next)}
                      onSendNow={() => void state.sendNow(event)}
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
