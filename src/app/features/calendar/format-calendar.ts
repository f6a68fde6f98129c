import { useMemo } from "react";
import { useLocale } from "~/app/i18n/use-locale";
import { regionalTag, type WeekStart, weekStartFor } from "./calendar-week";

export interface CalendarFormat {
  tag: string;
  weekStart: WeekStart;
  /** "10:29 AM" / "10:29", in the user's time zone. */
  time(date: Date): string;
  /** "Wed, Nov 25". */
  day(date: Date): string;
  /** "Nov 22 – 28, 2026". */
  range(start: Date, end: Date): string;
  /** "Nov 25, 2026, 10:29 AM". */
  moment(date: Date): string;
}

/** Dates of the calendar view in the reader's language and region (spec section 9), the browser's time zone. */
export function calendarFormat(tag: string, weekStart: WeekStart): CalendarFormat {
  const time = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit" });
  const day = new Intl.DateTimeFormat(tag, { weekday: "short", month: "short", day: "numeric" });
  const range = new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", year: "numeric" });
  const moment = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  return {
    tag,
    weekStart,
    time: (date) => time.format(date),
    day: (date) => day.format(date),
    range: (start, end) => range.formatRange(start, end),
    moment: (date) => moment.format(date),
  };
}

export function useCalendarFormat(): CalendarFormat {
  const locale = useLocale();
  const browserTag = typeof navigator === "undefined" ? null : navigator.language;
  return useMemo(() => calendarFormat(regionalTag(locale, browserTag), weekStartFor(locale, browserTag)), [locale, browserTag]);
}
