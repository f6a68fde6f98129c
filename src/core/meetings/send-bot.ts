import type { PgBoss } from "pg-boss";
import type { Database } from "~/infra/db/client";
import { storedMeetingTitle } from "~/shared/meetings/meeting-title";
import { parseMeetingUrl } from "~/shared/meetings/meeting-url";
import { findReachedLimit, type LimitReached } from "../billing/limits";
import type { PlanLimits } from "../billing/plan";
import { findActiveBotInMeeting } from "./data";
import { enqueueBotLaunch } from "./launch-job";
import { createMeetingBot, meetingKeyOf } from "./mutations";

// Sending the bot (issue 6): a pasted link becomes a note of type `meeting` and a queued launch. The rules
// that can refuse it are checked here, in the order a person would want to hear them: the link, a bot
// already in that meeting (one per meeting and user), then the plan's concurrent-meeting limit.

/** interpretations 13: "Parley Notetaker (<user's first name>)". */
export function botDisplayName(userName: string): string {
  const firstName = userName.trim().split(/\s+/)[0] ?? "";
  return firstName ? `Parley Notetaker (${firstName.slice(0, 60)})` : "Parley Notetaker";
}

export interface SendBotDeps {
  db: Database;
  boss: PgBoss;
  /** The plan limits (issue 7): bots at once and the month's transcription minutes. */
  planLimits: PlanLimits;
}

export type SendBotResult =
  | { kind: "sent"; noteId: string; botId: string }
  | { kind: "invalidLink" }
  | { kind: "alreadyActive"; noteId: string }
  | { kind: "limitReached"; reached: LimitReached };

export async function sendBot(
  deps: SendBotDeps,
  input: {
    userId: string;
    userName: string;
    url: string;
    language: string | null;
    /** Texts in the user's language: the chat message. */
    texts: { consentMessage(botName: string): string };
    /** A bot sent for a calendar event (issue 18): the note carries the event's title and ids. */
    calendarEvent?: { calendarId: string; eventId: string; title: string };
  },
): Promise<SendBotResult> {
  const link = parseMeetingUrl(input.url);
  if (!link) return { kind: "invalidLink" };
  const active = await findActiveBotInMeeting(deps.db, { userId: input.userId, meetingKey: meetingKeyOf(link) });
  if (active) return { kind: "alreadyActive", noteId: active.noteId };
  const reached = await findReachedLimit(deps.db, deps.planLimits, {
    userId: input.userId,
    sources: ["concurrent_meetings", "transcription_minutes"],
  });
  if (reached) return { kind: "limitReached", reached };
  const botName = botDisplayName(input.userName);
  const created = await createMeetingBot(deps.db, {
    userId: input.userId,
    link,
    botName,
    consentMessage: input.texts.consentMessage(botName),
    // Language-neutral: the owner's pages say it in the reader's language until it is renamed. An
    // event's own title wins (an empty one falls back to the automatic title).
    title: input.calendarEvent?.title.trim() || storedMeetingTitle(link),
    language: input.language,
    calendarRef: input.calendarEvent ? { calendarId: input.calendarEvent.calendarId, eventId: input.calendarEvent.eventId } : null,
  });
  if (created.kind === "alreadyActive") {
    // Two sends raced: the other one won; point at its note.
    const winner = await findActiveBotInMeeting(deps.db, { userId: input.userId, meetingKey: meetingKeyOf(link) });
    return winner ? { kind: "alreadyActive", noteId: winner.noteId } : { kind: "invalidLink" };
  }
  await enqueueBotLaunch(deps.boss, { userId: input.userId, botId: created.botId });
  return { kind: "sent", noteId: created.noteId, botId: created.botId };
}
