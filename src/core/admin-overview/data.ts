import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import { meetingBots } from "~/infra/db/meetings-schema";
import { notes } from "~/infra/db/notes-schema";
import { usageRecords } from "~/infra/db/usage-schema";
import {
  type AdminOverviewResponse,
  type OverviewDay,
  type OverviewFailureCode,
  overviewDays,
  overviewFailureCodes,
} from "~/shared/admin/admin-overview-api";
import { isFinalMeeting, type MeetingCode, meetingCodes, meetingDisplayCode, noteTypes } from "~/shared/notes/statuses";

// Issue 20's overview: the only aggregates across all accounts (admin only, the route guards it). Days are
// UTC calendar days; each query groups in the database and the days no row fell on are filled with zeros.

const dayMs = 86_400_000;

/** `YYYY-MM-DD` of a moment's UTC day. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The first moment of the window: midnight UTC, `overviewDays - 1` days before today. */
export function overviewStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (overviewDays - 1) * dayMs);
}

/** The SQL text of a timestamptz column's UTC day, the same `YYYY-MM-DD` as utcDay. */
const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const noteFailureCodes = overviewFailureCodes.filter((code) => code !== "notes_failed");

export async function loadAdminOverview(
  db: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<Omit<AdminOverviewResponse, "success">> {
  const since = overviewStart(now);
  const [signUps, notesPerDay, minutes, transcriptionFailures, notesFailures, botEndings] = await Promise.all([
    db
      .select({ day: dayOf(user.createdAt), count: sql<number>`count(*)::int` })
      .from(user)
      .where(gte(user.createdAt, since))
      .groupBy(sql`1`),
    db
      .select({ day: dayOf(notes.createdAt), type: notes.type, count: sql<number>`count(*)::int` })
      .from(notes)
      .where(gte(notes.createdAt, since))
      .groupBy(sql`1`, notes.type),
    db
      .select({ day: dayOf(usageRecords.createdAt), total: sql<number>`coalesce(sum(${usageRecords.amount}), 0)::int` })
      .from(usageRecords)
      .where(and(eq(usageRecords.kind, "transcription_minutes"), gte(usageRecords.createdAt, since)))
      .groupBy(sql`1`),
    db
      .select({ code: notes.transcriptionCode, count: sql<number>`count(*)::int` })
      .from(notes)
      .where(and(gte(notes.createdAt, since), inArray(notes.transcriptionCode, noteFailureCodes)))
      .groupBy(notes.transcriptionCode),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notes)
      .where(and(gte(notes.createdAt, since), eq(notes.notesStatus, "notes_failed"))),
    // The last status of a bot is the last entry of its history (kept in sequence order).
    db
      .select({
        code: sql<string | null>`${meetingBots.history} -> -1 ->> 'code'`,
        subcode: sql<string | null>`${meetingBots.history} -> -1 ->> 'subcode'`,
        count: sql<number>`count(*)::int`,
      })
      .from(meetingBots)
      .where(and(gte(meetingBots.createdAt, since), isNotNull(meetingBots.history)))
      .groupBy(sql`1`, sql`2`),
  ]);

  const days = new Map<string, OverviewDay>();
  for (let at = since.getTime(); at <= now.getTime(); at += dayMs) {
    const day = utcDay(new Date(at));
    const byType = Object.fromEntries(noteTypes.map((type) => [type, 0])) as OverviewDay["notes"];
    days.set(day, { day, signUps: 0, notes: byType, transcriptionMinutes: 0 });
  }
  for (const row of signUps) {
    const entry = days.get(row.day);
    if (entry) entry.signUps = Number(row.count);
  }
  for (const row of notesPerDay) {
    const entry = days.get(row.day);
    if (entry) entry.notes[row.type] = Number(row.count);
  }
  for (const row of minutes) {
    const entry = days.get(row.day);
    if (entry) entry.transcriptionMinutes = Number(row.total);
  }

  const failures = new Map<OverviewFailureCode, number>();
  for (const row of transcriptionFailures) {
    const code = overviewFailureCodes.find((known) => known === row.code);
    if (code) failures.set(code, Number(row.count));
  }
  const failedNotes = Number(notesFailures[0]?.count ?? 0);
  if (failedNotes > 0) failures.set("notes_failed", failedNotes);

  const bots = new Map<MeetingCode, number>();
  for (const row of botEndings) {
    const code = meetingCodes.find((known) => known === row.code);
    // Only bots that ended count; a bot still in the call has no final code yet.
    if (!code || !isFinalMeeting(code)) continue;
    const shown = meetingDisplayCode({ code, subcode: row.subcode });
    bots.set(shown, (bots.get(shown) ?? 0) + Number(row.count));
  }

  const byCountThenCode = <Code extends string>(entries: Map<Code, number>) =>
    [...entries].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { days: [...days.values()], failures: byCountThenCode(failures), bots: byCountThenCode(bots) };
}
