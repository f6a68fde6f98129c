import { calendarWindowMinutes } from "~/shared/calendars/calendar-platforms";
import type { Locale } from "~/shared/i18n/locales";

// The calendar view's window (spec section 9): 7 days, 10,080 minutes, from the selected day's start; the
// week starts on Sunday or Monday by locale. Days are the user's local days (the browser's time zone).

/** 0 = Sunday, 1 = Monday (Date#getDay numbering). */
export type WeekStart = 0 | 1;

/** How dates are written when the browser's language is not the interface's. */
const defaultTags: Record<Locale, string> = { en: "en-US", es: "es-ES", pt: "pt-PT" };
/**
 * The week of each interface language when the reader's region is not known (brief of issue 18: en-US
 * Sunday; es and pt Monday). CLDR counts Portugal's and Brazil's weeks from Sunday, so a Portuguese reader
 * whose browser names its region gets that region's week from Intl.Locale instead.
 */
const languageWeekStart: Record<Locale, WeekStart> = { en: 0, es: 1, pt: 1 };

/**
 * The locale tag dates are written and weeks are counted in: the browser's own tag when it is the
 * interface's language (an en-GB reader gets day-first dates and Monday weeks), else the language's default.
 */
export function regionalTag(locale: Locale, browserTag?: string | null): string {
  return sameLanguageRegionTag(locale, browserTag) ?? defaultTags[locale];
}

function sameLanguageRegionTag(locale: Locale, browserTag?: string | null): string | null {
  if (!browserTag) return null;
  try {
    const parsed = new Intl.Locale(browserTag);
    return parsed.language === locale && parsed.region ? browserTag : null;
  } catch {
    // A malformed tag: none.
    return null;
  }
}

interface WeekInfoLocale {
  weekInfo?: { firstDay?: number };
  getWeekInfo?: () => { firstDay?: number };
}

/**
 * Sunday or Monday: the week data of the browser's region (Intl.Locale weekInfo: 1 = Monday … 7 = Sunday)
 * when the browser speaks the interface's language with a region, else the language's table above (also
 * where the engine has no week data, and for Saturday-first regions).
 */
export function weekStartFor(locale: Locale, browserTag?: string | null): WeekStart {
  const tag = sameLanguageRegionTag(locale, browserTag);
  if (!tag) return languageWeekStart[locale];
  let firstDay: number | undefined;
  try {
    const info = new Intl.Locale(tag) as Intl.Locale & WeekInfoLocale;
    firstDay = (typeof info.getWeekInfo === "function" ? info.getWeekInfo() : info.weekInfo)?.firstDay;
  } catch {
    firstDay = undefined;
  }
  if (firstDay === 7) return 0;
  if (firstDay === 1) return 1;
  return languageWeekStart[locale];
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The same time `days` calendar days later (local days, so a daylight-saving change keeps midnight). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

/** The start of the week that holds `date`. */
export function startOfWeek(date: Date, weekStart: WeekStart): Date {
  const day = startOfDay(date);
  const back = (day.getDay() - weekStart + 7) % 7;
  return addDays(day, -back);
}

/** spec section 9: from the selected day's start, 10,080 minutes. */
export function calendarWindow(selectedDay: Date): { start: Date; end: Date } {
  const start = startOfDay(selectedDay);
  return { start, end: new Date(start.getTime() + calendarWindowMinutes * 60_000) };
}

/** The seven local days from the selected day. */
export function windowDays(selectedDay: Date): Date[] {
  const start = startOfDay(selectedDay);
  return Array.from({ length: 7 }, (_, index) => addDays(start, index));
}

/** A local day's key, YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Events under the day they start on, in start order; an event that began before the window (a
 * multi-day one) goes under the first day. All-day events carry a date without a time zone: their own date.
 */
export function eventsByDay<Item extends { data: { start: string; isAllDay: boolean } }>(
  items: readonly Item[],
  days: readonly Date[],
): Map<string, Item[]> {
  const groups = new Map<string, Item[]>(days.map((day) => [dayKey(day), []]));
  const first = days[0];
  if (!first) return groups;
  const sorted = [...items].sort((a, b) => eventStart(a.data).getTime() - eventStart(b.data).getTime());
  for (const item of sorted) {
    const start = eventStart(item.data);
    const key = start < first ? dayKey(first) : dayKey(start);
    groups.get(key)?.push(item);
  }
  return groups;
}

/** An all-day event's "2026-11-25" is that local date, not midnight UTC (which is the day before in the Americas). */
export function eventStart(data: { start: string; isAllDay: boolean }): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data.start);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  if (data.isAllDay) {
    const utc = new Date(data.start);
    return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  }
  return new Date(data.start);
}
