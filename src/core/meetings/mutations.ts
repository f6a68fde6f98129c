import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { type BotStatusEntry, meetingBots } from "~/infra/db/meetings-schema";
import { notifyNoteChanged } from "~/infra/db/note-changes";
import { notes } from "~/infra/db/notes-schema";
import type { BotSpeakerTimeline, BotStatusReport } from "~/shared/meetings/bot-callbacks";
import type { MeetingLink } from "~/shared/meetings/meeting-url";
import type { MeetingStatus } from "~/shared/notes/statuses";
import type { MeetingBotRow } from "./data";

// Writes of meeting bots (issue 6). The note of type `meeting` mirrors the bot's current status in
// `notes.meeting`, so lists, the note page and live updates need nothing bot-specific.

export function meetingKeyOf(link: Pick<MeetingLink, "platform" | "meetingId">): string {
  return `${link.platform}:${link.meetingId}`;
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Drizzle wraps the driver's error; PGlite and pg both carry SQLSTATE 23505 in `code`.
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The note and its bot, in one transaction. The partial unique index (user, meeting, not finished) is
 * what keeps one active bot per meeting and user, even for two sends at the same instant.
 */
export async function createMeetingBot(
  db: Database,
  input: {
    userId: string;
    link: MeetingLink;
    botName: string;
    consentMessage: string;
    title: string;
    language: string | null;
    /** The calendar event the bot was sent for (note data.calendarId and data.eventId), if any. */
    calendarRef?: { calendarId: string; eventId: string } | null;
  },
): Promise<{ kind: "created"; noteId: string; botId: string } | { kind: "alreadyActive" }> {
  try {
    const created = await db.transaction(async (tx) => {
      const [note] = await tx
        .insert(notes)
        .values({
          userId: input.userId,
          type: "meeting",
          title: input.title,
          source: { kind: "meeting", url: input.link.url },
          language: input.language,
          meeting: { code: "joining_call", subcode: null },
          calendarId: input.calendarRef?.calendarId ?? null,
          eventId: input.calendarRef?.eventId ?? null,
        })
        .returning({ id: notes.id });
      if (!note) throw new Error("note insert returned nothing");
      const [bot] = await tx
        .insert(meetingBots)
        .values({
          userId: input.userId,
          noteId: note.id,
          platform: input.link.platform,
          meetingKey: meetingKeyOf(input.link),
          meetingUrl: input.link.url,
          passcode: input.link.passcode,
          botName: input.botName,
          consentMessage: input.consentMessage,
        })
        .returning({ id: meetingBots.id });
      if (!bot) throw new Error("bot insert returned nothing");
      return { noteId: note.id, botId: bot.id };
    });
    await notifyNoteChanged(db, { userId: input.userId, noteId: created.noteId });
    return { kind: "created", ...created };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "alreadyActive" };
    throw error;
  }
}

/** What the note shows for a status: `done` keeps the subcode of the ending before it (why it ended). */
function noteStatusOf(history: readonly BotStatusEntry[]): MeetingStatus | null {
  const last = history.at(-1);
  if (!last) return null;
  if (last.code !== "done") return { code: last.code, subcode: last.subcode };
  const before = history.at(-2);
  return { code: "done", subcode: before?.subcode ?? null };
}

/**
 * Records a status the bot reported. Idempotent per sequence (a retried callback changes nothing); one
 * that arrives after a later one joins the history in its place and leaves the current status alone.
 */
export async function applyBotStatus(
  db: Database,
  { userId, botId, report }: { userId: string; botId: string; report: BotStatusReport },
): Promise<MeetingStatus | null> {
  const result = await db.transaction(async (tx) => {
    const [bot] = await tx
      .select()
      .from(meetingBots)
      .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)))
      .for("update");
    if (!bot) return null;
    if (bot.history.some((entry) => entry.sequence === report.sequence))
      return { noteId: bot.noteId, status: noteStatusOf(bot.history), isChanged: false };
    const entry: BotStatusEntry = {
      code: report.code,
      subcode: report.subcode,
      sequence: report.sequence,
      at: new Date(report.at).toISOString(),
    };
    const history = [...bot.history, entry].sort((a, b) => a.sequence - b.sequence);
    const status = noteStatusOf(history);
    await tx
      .update(meetingBots)
      .set({ history, lastSequence: Math.max(bot.lastSequence, report.sequence), updatedAt: new Date() })
      .where(eq(meetingBots.id, botId));
    const isCurrent = report.sequence > bot.lastSequence;
    if (isCurrent)
      await tx
        .update(notes)
        .set({ meeting: status, updatedAt: new Date() })
        .where(and(eq(notes.userId, userId), eq(notes.id, bot.noteId)));
    return { noteId: bot.noteId, status, isChanged: isCurrent };
  });
  if (!result) return null;
  if (result.isChanged) await notifyNoteChanged(db, { userId, noteId: result.noteId });
  return result.status;
}

/** The bot's heartbeat: keeps the participant count; answers whether the user asked it to leave. */
export async function recordHeartbeat(
  db: Database,
  { userId, botId, participantCount }: { userId: string; botId: string; participantCount: number },
): Promise<{ leave: boolean } | null> {
  const [row] = await db
    .update(meetingBots)
    .set({ participantCount, updatedAt: new Date() })
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)))
    .returning({ cancelRequestedAt: meetingBots.cancelRequestedAt });
  return row ? { leave: row.cancelRequestedAt !== null } : null;
}

/** Marks the user's wish to remove the bot; the bot hears it at its next heartbeat. */
export async function requestBotCancel(db: Database, { userId, botId }: { userId: string; botId: string }): Promise<void> {
  await db
    .update(meetingBots)
    .set({ cancelRequestedAt: sql`coalesce(${meetingBots.cancelRequestedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)));
}

/** Claims the launch; false when the bot was removed or finished in the meantime (then it must not start). */
export async function markBotLaunched(db: Database, { userId, botId }: { userId: string; botId: string }): Promise<boolean> {
  const rows = await db
    .update(meetingBots)
    .set({ launchedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId), isNull(meetingBots.finishedAt), isNull(meetingBots.cancelRequestedAt)),
    )
    .returning({ id: meetingBots.id });
  return rows.length > 0;
}

/** A recording part arrived: the count is the highest part number + 1 (parts may be re-sent). */
export async function markRecordingPart(
  db: Database,
  { userId, botId, part }: { userId: string; botId: string; part: number },
): Promise<void> {
  await db
    .update(meetingBots)
    .set({ recordingParts: sql`greatest(${meetingBots.recordingParts}, ${part + 1})`, updatedAt: new Date() })
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)));
}

export async function saveSpeakerTimeline(
  db: Database,
  { userId, botId, timeline }: { userId: string; botId: string; timeline: BotSpeakerTimeline },
): Promise<boolean> {
  const rows = await db
    .update(meetingBots)
    .set({ speakerTurns: timeline.turns, participants: timeline.participants, updatedAt: new Date() })
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)))
    .returning({ id: meetingBots.id });
  return rows.length > 0;
}

/** Claims the one-time finish (recording to transcription); false when it already ran. */
export async function claimBotFinish(db: Database, { userId, botId }: { userId: string; botId: string }): Promise<MeetingBotRow | null> {
  const [row] = await db
    .update(meetingBots)
    .set({ finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId), isNull(meetingBots.finishedAt)))
    .returning();
  return row ?? null;
}
