// Exact time handling for both providers. Instants are epoch milliseconds; all-day events are floating
// dates kept as the UTC midnight of the date (end exclusive), placed in a calendar's zone only to compare.

const dayMs = 86_400_000;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** True for an IANA zone Intl knows ("UTC", "Europe/Berlin"); Windows names ("Pacific Standard Time") are not. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC that `timeZone` has at `instantMs` (DST-aware, from the platform's tz database). */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(new Date(instantMs)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant at which the wall clock of `timeZone` shows `wallMs` (wall time written as if it were UTC). */
export function wallToInstant(wallMs: number, timeZone: string): number {
  const first = wallMs - zoneOffsetMinutes(wallMs, timeZone) * 60_000;
  // A second pass settles instants next to a DST change, where the first guess used the other offset.
  return wallMs - zoneOffsetMinutes(first, timeZone) * 60_000;
}

export const instantToWall = (instantMs: number, timeZone: string) => instantMs + zoneOffsetMinutes(instantMs, timeZone) * 60_000;

const pad = (value: number) => String(Math.abs(value)).padStart(2, "0");

/** RFC 3339 as Google writes it: wall time in `timeZone` with its offset ("Z" for UTC itself). */
export function rfc3339InZone(instantMs: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(instantMs, timeZone);
  const wall = new Date(instantMs + offset * 60_000).toISOString().slice(0, 19);
  if (timeZone === "UTC") return `${wall}Z`;
  return `${wall}${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Graph's dateTime: wall time in the zone, seven fractional digits, no offset ("2026-11-25T10:00:00.0000000"). */
export function graphDateTime(instantMs: number, timeZone: string): string {
  const wall = new Date(instantToWall(instantMs, timeZone)).toISOString();
  return `${wall.slice(0, 19)}.${wall.slice(20, 23)}0000`;
}

/** YYYY-MM-DD of a floating date kept as its UTC midnight. */
export const dateOnly = (dateMs: number) => new Date(dateMs).toISOString().slice(0, 10);

/** Google's instance-id suffix: 20261125T100000Z for a timed instance, 20261125 for an all-day one. */
export function instanceStamp(startMs: number, allDay: boolean): string {
  const iso = new Date(startMs).toISOString();
  const date = iso.slice(0, 10).replaceAll("-", "");
  return allDay ? date : `${date}T${iso.slice(11, 19).replaceAll(":", "")}Z`;
}

/** Parses RFC 3339 with a mandatory offset (Google and Graph reject a time without one or a date alone). */
export function parseInstant(value: string | undefined): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Graph's startDateTime/endDateTime: an offset is optional; without one the time is read in `timeZone`
 * (Graph reads it in UTC unless the Prefer header names another zone).
 */
export function parseGraphInstant(value: string | undefined, timeZone: string): number | null {
  if (!value) return null;
  const withOffset = parseInstant(value);
  if (withOffset !== null) return withOffset;
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value)) return null;
  const wall = Date.parse(`${value.length === 10 ? `${value}T00:00:00` : value.slice(0, 23)}Z`);
  return Number.isNaN(wall) ? null : wallToInstant(wall, timeZone);
}

/** The UTC midnight that keeps a floating date: accepts "2026-11-25" or any ISO string (its date part). */
export function floatingDate(value: string): number {
  return Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
}

/** Where a floating date falls for a calendar in `timeZone` (its local midnight). */
export const floatingToInstant = (dateMs: number, timeZone: string) => wallToInstant(dateMs, timeZone);

export { dayMs };
