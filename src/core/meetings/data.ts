import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { meetingBots } from "~/infra/db/meetings-schema";

// Reads of meeting bots; each filters by the acting user (callbacks take the user from the signed token).

export type MeetingBotRow = typeof meetingBots.$inferSelect;

export async function findBot(db: Database, { userId, botId }: { userId: string; botId: string }): Promise<MeetingBotRow | null> {
  const [row] = await db
    .select()
    .from(meetingBots)
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.id, botId)));
  return row ?? null;
}

export async function findBotOfNote(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<MeetingBotRow | null> {
  const [row] = await db
    .select()
    .from(meetingBots)
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.noteId, noteId)));
  return row ?? null;
}

/** The user's bot still active in this meeting (not finished), if any. */
export async function findActiveBotInMeeting(
  db: Database,
  { userId, meetingKey }: { userId: string; meetingKey: string },
): Promise<MeetingBotRow | null> {
  const [row] = await db
    .select()
    .from(meetingBots)
    .where(and(eq(meetingBots.userId, userId), eq(meetingBots.meetingKey, meetingKey), isNull(meetingBots.finishedAt)));
  return row ?? null;
}
