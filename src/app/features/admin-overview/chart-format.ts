// What the overview's charts share: the day labels (UTC days, in the reader's language) and the colours.

/** A `YYYY-MM-DD` UTC day as a short date ("Nov 25"): the server counts in UTC, so the label says UTC's day. */
export function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** One colour per series, readable on light and dark backgrounds. */
export const chartColors = ["#6366f1", "#0ea5e9", "#10b981", "#f59e0b", "#ef4444", "#a855f7", "#64748b"] as const;

export const chartColor = (index: number): string => chartColors[index % chartColors.length] ?? "#6366f1";

/** Axis and grid text that stays legible in both themes. */
export const axisTick = { fill: "currentColor", fontSize: 12 } as const;
