import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SpeakerTurn } from "~/shared/meetings/bot-callbacks";
import type { MeetingPlatform } from "~/shared/meetings/meeting-url";
import type { MeetingCode } from "~/shared/notes/statuses";
import { user } from "./auth-schema";
import { notes } from "./notes-schema";

/** One status the bot reported, kept in order for the note page's history and for support. */
export interface BotStatusEntry {
  code: MeetingCode;
  subcode: string | null;
  sequence: number;
  /** ISO time the bot saw it. */
  at: string;
}

/**
 * One bot sent to one meeting (issue 6). The note (type `meeting`) shows its status; this row keeps what
 * only the bot's lifecycle needs: the link, the reported statuses, cancel, the recording parts and the
 * speaker timeline. Every read filters by user_id (callbacks take it from the signed token).
 */
export const meetingBots = pgTable(
  "meeting_bots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    noteId: uuid("note_id")
      .notNull()
      .unique()
      .references(() => notes.id, { onDelete: "cascade" }),
    platform: text("platform").$type<MeetingPlatform>().notNull(),
    /** `platform:meetingId`: one active bot per meeting and user. */
    meetingKey: text("meeting_key").notNull(),
    meetingUrl: text("meeting_url").notNull(),
    passcode: text("passcode"),
    botName: text("bot_name").notNull(),
    /** Posted in the meeting chat on arrival, in the user's language (interpretations 13). */
    consentMessage: text("consent_message").notNull(),
    /** Statuses in sequence order (the last is the current one). */
    history: jsonb("history").$type<BotStatusEntry[]>().notNull().default([]),
    lastSequence: integer("last_sequence").notNull().default(0),
    participantCount: integer("participant_count").notNull().default(0),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    launchedAt: timestamp("launched_at", { withTimezone: true }),
    /** Set once: the recording was assembled (or found empty) and handed to transcription. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Parts received (PUT recording/{n}); the finish assembles 0..n-1. */
    recordingParts: integer("recording_parts").notNull().default(0),
    speakerTurns: jsonb("speaker_turns").$type<SpeakerTurn[]>().notNull().default([]),
    participants: jsonb("participants").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A bot is active until it is finished; a second send to the same meeting while one is active is refused.
    uniqueIndex("meeting_bots_active_meeting_idx").on(table.userId, table.meetingKey).where(sql`finished_at is null`),
    index("meeting_bots_user_active_idx").on(table.userId).where(sql`finished_at is null`),
  ],
);
