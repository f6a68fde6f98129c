// An action item's due date as a reader sees it (issue 19): the extractive floor resolves "by Thursday"
// against the meeting date and stores an ISO day (YYYY-MM-DD); a model or a person may store words. An
// ISO day is written in the reader's language ("27 nov 2026"), anything else is shown as it was said.

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

export function readableDue(due: string, locale: string): string {
  const match = isoDay.exec(due.trim());
  if (!match) return due;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls an impossible day over (month 13 -> next year): such a value is words, not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return due;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}
