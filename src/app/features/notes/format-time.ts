import type { TFunction } from "i18next";
import { formatClock } from "~/shared/notes/clock";

/**
 * A moment in the media as a clock: m:ss under an hour, h:mm:ss above. Transcript timestamps and
 * chapters need the seconds to find the place, so the spec's "seconds only under a minute" (a rule for
 * lengths of time) does not apply to them.
 */
export function formatTimestamp(seconds: number): string {
  return formatClock(seconds);
}

/** "0:42", "12:05" or "1:02:03" back to seconds; null when it is not a clock time. */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/**
 * A length of time in words (spec section 9: seconds are shown only under a minute): "42 s", "12 min",
 * "1 h 5 min". Messages come from the notes catalog (`time.*`), so server and browser render the same.
 * `t` must read the notes namespace.
 */
export function formatDuration(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return t("time.seconds", { count: whole });
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return t("time.minutes", { count: minutes });
  return t("time.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
