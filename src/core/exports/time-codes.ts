import type { ExportSegment } from "./schema";

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * Whether a note's timestamps need hours: the whole file uses one width, so a 2-hour meeting reads
 * `[00:05:00]` … `[01:59:58]` and a 10-minute one `[05:00]`.
 */
export function needsHours(segments: readonly ExportSegment[], durationSeconds: number | null): boolean {
  const lastEnd = segments.reduce((latest, segment) => Math.max(latest, segment.end, segment.start), 0);
  return Math.max(lastEnd, durationSeconds ?? 0) >= 3600;
}

/** A transcript timestamp for reading: `mm:ss`, or `hh:mm:ss` when the note lasts an hour or more. */
export function readableClock(seconds: number, withHours: boolean): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return withHours ? `${pad(hours)}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes + hours * 60)}:${pad(rest)}`;
}

/** Whole milliseconds, never negative (subtitle times are integers of ms). */
export function toMilliseconds(seconds: number): number {
  return Math.max(0, Math.round(seconds * 1000));
}

/** `hh:mm:ss,mmm` (SubRip) or `hh:mm:ss.mmm` (WebVTT) from milliseconds. */
export function subtitleClock(milliseconds: number, separator: "," | "."): string {
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const seconds = Math.floor((milliseconds % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(milliseconds % 1000, 3)}`;
}
