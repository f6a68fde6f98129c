import { dayMs, instantToWall, wallToInstant } from "./time";

// The RFC 5545 subset that seeded events use: RRULE FREQ=DAILY|WEEKLY|MONTHLY with INTERVAL, COUNT,
// UNTIL and (weekly) BYDAY, plus EXDATE. Timed events repeat at the same wall time in their own zone,
// as both providers do, so an instance after a DST change keeps its local hour, not its UTC hour.

export interface RecurrenceRule {
  freq: "DAILY" | "WEEKLY" | "MONTHLY";
  interval: number;
  count: number | null;
  untilMs: number | null;
  /** 0 = Sunday … 6 = Saturday, as Date.getUTCDay. */
  byDay: number[];
  /** Excluded original starts (instants, or floating dates for all-day events). */
  exdates: Set<number>;
}

const weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
/** Expansion stops here whatever the rule says: a rule without COUNT or UNTIL never ends. */
const maxInstances = 5000;

/** 20261125, 20261125T100000Z or 20261125T100000 (wall time in `timeZone`). */
function parseIcalTime(value: string, timeZone: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", z] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return match[4] === undefined || z ? wall : wallToInstant(wall, timeZone);
}

/** Reads the RRULE (and EXDATE lines) of a `recurrence` array; null when there is no usable RRULE. */
export function parseRecurrence(lines: readonly string[], timeZone: string): RecurrenceRule | null {
  const exdates = new Set<number>();
  let rule: RecurrenceRule | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    const head = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1);
    if (head.startsWith("EXDATE")) {
      const zone = /TZID=([^;:]+)/i.exec(head)?.[1] ?? timeZone;
      for (const item of value.split(",")) {
        const ms = parseIcalTime(item, zone);
        if (ms !== null) exdates.add(ms);
      }
    } else if (head === "RRULE") {
      const parts = new Map(value.split(";").map((part) => part.split("=") as [string, string]));
      const freq = parts.get("FREQ")?.toUpperCase();
      if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY") return null;
      const until = parts.get("UNTIL");
      rule = {
        freq,
        interval: Math.max(1, Number(parts.get("INTERVAL") ?? 1) || 1),
        count: parts.has("COUNT") ? Math.max(0, Number(parts.get("COUNT")) || 0) : null,
        untilMs: until ? parseIcalTime(until, timeZone) : null,
        byDay: (parts.get("BYDAY") ?? "")
          .split(",")
          .map((day) => weekdays.indexOf(day.trim().slice(-2).toUpperCase()))
          .filter((day) => day >= 0),
        exdates,
      };
    }
  }
  return rule;
}

/** Wall-clock starts in rule order, starting with the first instance itself. */
function* wallStarts(rule: RecurrenceRule, firstWall: number): Generator<number> {
  if (rule.freq === "WEEKLY" && rule.byDay.length > 0) {
    // Weeks start on Monday (RFC 5545's default WKST); days before the first instance are skipped.
    const mondayFirst = (day: number) => (day + 6) % 7;
    const weekStart = firstWall - mondayFirst(new Date(firstWall).getUTCDay()) * dayMs;
    const days = [...rule.byDay].sort((a, b) => mondayFirst(a) - mondayFirst(b));
    for (let week = 0; ; week += 1)
      for (const day of days) {
        const wall = weekStart + (week * 7 * rule.interval + mondayFirst(day)) * dayMs;
        if (wall >= firstWall) yield wall;
      }
  }
  if (rule.freq === "MONTHLY") {
    const first = new Date(firstWall);
    for (let month = 0; ; month += rule.interval) {
      const wall = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + month, first.getUTCDate()) + (firstWall % dayMs);
      // The 31st repeats only in months that have one (RFC 5545 skips invalid dates).
      if (new Date(wall).getUTCDate() === first.getUTCDate()) yield wall;
    }
  }
  const step = (rule.freq === "WEEKLY" ? 7 : 1) * rule.interval * dayMs;
  for (let index = 0; ; index += 1) yield firstWall + index * step;
}

/**
 * The original starts of a series: instants for a timed series (in `timeZone`), floating dates for an
 * all-day one; EXDATEs left out, nothing after `horizonMs`.
 */
export function expandStarts(startMs: number, allDay: boolean, timeZone: string, rule: RecurrenceRule, horizonMs: number): number[] {
  const starts: number[] = [];
  const firstWall = allDay ? startMs : instantToWall(startMs, timeZone);
  let counted = 0;
  for (const wall of wallStarts(rule, firstWall)) {
    const start = allDay ? wall : wallToInstant(wall, timeZone);
    if (rule.count !== null && counted >= rule.count) break;
    if (rule.untilMs !== null && start > rule.untilMs) break;
    if (start > horizonMs || counted >= maxInstances) break;
    counted += 1;
    if (!rule.exdates.has(start)) starts.push(start);
  }
  return starts;
}
