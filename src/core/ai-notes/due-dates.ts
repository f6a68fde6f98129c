// Due dates said in a meeting ("by Thursday", "mañana", "até sexta") resolved against the meeting's date, for
// the extractive notes' action items: a date a task list can sort and a calendar can show. Phrases that name
// no single day ("next month", "3/4", "soon") are left as said by the caller. Days are counted in UTC, the
// meeting date's calendar day as stored.

/** Weekday names to JavaScript's getUTCDay() numbers (Sunday = 0), in en, es and pt (accents folded). */
const weekdays: ReadonlyArray<[RegExp, number]> = [
  [/\b(?:sunday|domingo)\b/, 0],
  [/\b(?:monday|lunes|segunda)\b/, 1],
  [/\b(?:tuesday|martes|terca)\b/, 2],
  [/\b(?:wednesday|miercoles|quarta)\b/, 3],
  [/\b(?:thursday|jueves|quinta)\b/, 4],
  [/\b(?:friday|viernes|sexta)\b/, 5],
  [/\b(?:saturday|sabado)\b/, 6],
];

const monthNames: ReadonlyArray<[RegExp, number]> = [
  [/\b(?:january|jan|enero|janeiro)\b/, 0],
  [/\b(?:february|feb|febrero|fevereiro)\b/, 1],
  [/\b(?:march|mar|marzo|marco)\b/, 2],
  [/\b(?:april|apr|abril)\b/, 3],
  [/\b(?:may|mayo|maio)\b/, 4],
  [/\b(?:june|jun|junio|junho)\b/, 5],
  [/\b(?:july|jul|julio|julho)\b/, 6],
  [/\b(?:august|aug|agosto)\b/, 7],
  [/\b(?:september|sept|sep|septiembre|setiembre|setembro)\b/, 8],
  [/\b(?:october|oct|octubre|outubro)\b/, 9],
  [/\b(?:november|nov|noviembre|novembro)\b/, 10],
  [/\b(?:december|dec|diciembre|dezembro)\b/, 11],
];

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  un: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  quatro: 4,
};

const dayMs = 86_400_000;
const nextWeekPattern = /\b(?:next week|(?:proxima|siguiente) semana|semana que (?:viene|vem))\b/;

const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0));

/** The first `weekday` after `from` (a week on when `from` is that weekday: "by Friday" said on a Friday). */
function nextWeekday(from: Date, weekday: number): Date {
  const ahead = (weekday - from.getUTCDay() + 7) % 7;
  return addDays(from, ahead === 0 ? 7 : ahead);
}

/** A day of a month: this year's, or next year's when this year's is already well past. */
function upcoming(meeting: Date, month: number, day: number): Date | null {
  if (day < 1 || day > 31) return null;
  const candidate = new Date(Date.UTC(meeting.getUTCFullYear(), month, day));
  if (candidate.getUTCMonth() !== month) return null;
  return candidate.getTime() < meeting.getTime() - 7 * dayMs ? new Date(Date.UTC(meeting.getUTCFullYear() + 1, month, day)) : candidate;
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019]/g, "'");

/**
 * The ISO date (YYYY-MM-DD) a due phrase names, counted from the meeting's date; null when it names no
 * single day. "Next week" and "end of the week" mean that week's Friday, "end of the month" its last day.
 */
export function resolveDue(phrase: string, meetingDate: Date): string | null {
  const text = fold(phrase);
  const meeting = utcDay(meetingDate);
  if (Number.isNaN(meeting.getTime())) return null;

  if (/\b(?:day after tomorrow|pasado manana|depois de amanha)\b/.test(text)) return iso(addDays(meeting, 2));
  if (/\b(?:tomorrow|manana|amanha)\b/.test(text)) return iso(addDays(meeting, 1));
  if (/\b(?:today|tonight|eod|hoy|hoje)\b|end of (?:the )?day|fin(?:al)? del dia|(?:fim|final) do dia/.test(text)) return iso(meeting);

  const inSpan = /\b(?:in|within|en|dentro de|em)\s+(\d+|[a-z]+)\s+(day|dia|week|semana|month|mes)/.exec(text);
  if (inSpan) {
    const count = /^\d+$/.test(inSpan[1] ?? "") ? Number(inSpan[1]) : numberWords[inSpan[1] ?? ""];
    if (count !== undefined && count > 0 && count < 100) {
      const unit = inSpan[2];
      if (unit === "day" || unit === "dia") return iso(addDays(meeting, count));
      if (unit === "week" || unit === "semana") return iso(addDays(meeting, 7 * count));
      const date = new Date(Date.UTC(meeting.getUTCFullYear(), meeting.getUTCMonth() + count, meeting.getUTCDate()));
      return iso(date);
    }
  }

  const month = monthNames.find(([pattern]) => pattern.test(text))?.[1];
  const number = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(text);
  if (month !== undefined && /\b(?:end|fin|final|fim)\b/.test(text) && !number) {
    const thisYear = lastDayOfMonth(meeting.getUTCFullYear(), month);
    return iso(thisYear.getTime() < meeting.getTime() ? lastDayOfMonth(meeting.getUTCFullYear() + 1, month) : thisYear);
  }
  if (/\b(?:end of (?:the )?month|fin(?:al)? de(?:l)? mes|(?:fim|final) do mes)\b/.test(text))
    return iso(lastDayOfMonth(meeting.getUTCFullYear(), meeting.getUTCMonth()));
  if (month !== undefined && number) {
    const date = upcoming(meeting, month, Number(number[1]));
    return date ? iso(date) : null;
  }
  // "On the 15th": this month's, or next month's when it has passed. A bare "3/4" is left alone (day or month first?).
  const ordinal = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/.exec(text);
  if (ordinal && !/\//.test(text)) {
    const day = Number(ordinal[1]);
    for (const ahead of [0, 1, 2]) {
      const date = new Date(Date.UTC(meeting.getUTCFullYear(), meeting.getUTCMonth() + ahead, day));
      if (date.getUTCDate() === day && date.getTime() >= meeting.getTime()) return iso(date);
    }
    return null;
  }

  const weekday = weekdays.find(([pattern]) => pattern.test(text))?.[1];
  if (weekday !== undefined) {
    // "Thursday next week", "el viernes de la semana que viene": that day of the following (Monday-first) week.
    if (nextWeekPattern.test(text)) {
      const nextMonday = addDays(meeting, (8 - meeting.getUTCDay()) % 7 || 7);
      return iso(addDays(nextMonday, (weekday + 6) % 7));
    }
    return iso(nextWeekday(meeting, weekday));
  }
  const friday = (weeksAhead: number) => addDays(meeting, ((5 - meeting.getUTCDay() + 7) % 7) + 7 * weeksAhead);
  if (nextWeekPattern.test(text)) return iso(friday(1));
  if (/\bend of (?:the |this )?week\b|\bfin(?:al)? de (?:la )?semana\b|\b(?:fim|final) da semana\b|\bthis week\b/.test(text))
    return iso(friday(0));
  return null;
}
