import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CalendarPlatform, ConnectionStatus, RecapRecipients } from "~/shared/calendars/calendar-platforms";
import type { MeetingPlatform } from "~/shared/meetings/meeting-url";
import { user } from "./auth-schema";
import { notes } from "./notes-schema";

// Calendars and the automatic notetaker (issue 18). Tokens are stored encrypted (AES-256-GCM with a key
// from configuration): a database dump alone never grants access to anyone's calendar or Zoom account.

/** One connected calendar account per user and platform (spec section 3 "Calendar connection"). */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    platform: text("platform").$type<CalendarPlatform>().notNull(),
    /** The provider account's e-mail, shown next to the connect button. */
    accountEmail: text("account_email"),
    /** `reconnect` after the provider refused the grant (invalid_grant): shown, never a silent stop. */
    status: text("status").$type<ConnectionStatus>().notNull().default("active"),
    refreshTokenEnc: text("refresh_token_enc").notNull(),
    accessTokenEnc: text("access_token_enc"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    /** Google nextSyncToken or Graph deltaLink; null means the next sync is a full one. */
    syncCursor: text("sync_cursor"),
    /** The window the cursor was opened for (Graph's delta window is fixed by its first call). */
    syncWindowStart: timestamp("sync_window_start", { withTimezone: true }),
    syncWindowEnd: timestamp("sync_window_end", { withTimezone: true }),
    /** Push channel (Google) or subscription (Graph) while one is live. */
    pushId: text("push_id"),
    pushResourceId: text("push_resource_id"),
    /** Google's channel token or Graph's clientState: a notification without it is refused. */
    pushSecret: text("push_secret"),
    pushExpiresAt: timestamp("push_expires_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** Set while the provider answers 429/5xx: the page says "sync delayed"; cleared by the next success. */
    syncDelayedSince: timestamp("sync_delayed_since", { withTimezone: true }),
    syncError: text("sync_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("calendar_connections_user_platform_idx").on(table.userId, table.platform),
    index("calendar_connections_push_idx").on(table.pushId),
  ],
);

export interface CalendarAttendee {
  email: string;
  name: string | null;
}

/** One event (an instance of a recurring one) in a connected calendar (spec section 3 "Calendar event"). */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    /** The provider's id of this instance (Google `<id>_<time>` for recurring instances, Graph's id). */
    providerEventId: text("provider_event_id").notNull(),
    title: text("title").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** All-day events are shown but never joined. */
    isAllDay: boolean("is_all_day").notNull().default(false),
    isCancelled: boolean("is_cancelled").notNull().default(false),
    /** A Zoom, Meet or Teams link found in the event (meeting-url module), or null. */
    meetingUrl: text("meeting_url"),
    meetingPlatform: text("meeting_platform").$type<MeetingPlatform>(),
    attendees: jsonb("attendees").$type<CalendarAttendee[]>().notNull().default([]),
    organizerEmail: text("organizer_email"),
    /** The user's choice for this event; null follows the auto-join setting (spec data.JoinEnabled). */
    joinEnabled: boolean("join_enabled"),
    /** spec data.sentBotManually: 'sent' after the user sent the bot to this event by hand. */
    sentBotManually: text("sent_bot_manually"),
    /** The meeting note of the bot sent for this event (auto or manual). */
    noteId: uuid("note_id").references(() => notes.id, { onDelete: "set null" }),
    /** Why the automatic send did not happen (a limit, a refused link), shown on the event. */
    skipReason: text("skip_reason"),
    /**
     * The auto-join dispatcher's claim while it sends this event's bot: two dispatch runs at once never send
     * two bots. Cleared when the note is set; a claim older than 2 minutes (a crashed run) is taken over.
     */
    dispatchClaimedAt: timestamp("dispatch_claimed_at", { withTimezone: true }),
    /** The recap e-mail went out (once per event). */
    recapSentAt: timestamp("recap_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("calendar_events_connection_event_idx").on(table.connectionId, table.providerEventId),
    index("calendar_events_user_start_idx").on(table.userId, table.startsAt),
    // The auto-join dispatcher's scan: upcoming joinable events with no bot yet.
    index("calendar_events_dispatch_idx")
      .on(table.startsAt)
      .where(sql`note_id is null and is_cancelled = false and is_all_day = false and meeting_url is not null`),
  ],
);

/** The user's calendar choices (spec: the auto-join and send-notes toggles; interpretations 30). */
export const calendarPreferences = pgTable("calendar_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  autoJoin: boolean("auto_join").notNull().default(false),
  sendNotes: boolean("send_notes").notNull().default(false),
  recapRecipients: text("recap_recipients").$type<RecapRecipients>().notNull().default("owner"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A connected Zoom account (interpretations 22): its identity lets the bot join meetings that need one. */
export const zoomConnections = pgTable("zoom_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  accountEmail: text("account_email"),
  status: text("status").$type<ConnectionStatus>().notNull().default("active"),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  accessTokenEnc: text("access_token_enc"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  /** Times the grant was used to fetch a join token (for support). */
  useCount: integer("use_count").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An OAuth round trip in flight (state + PKCE verifier), kept server-side so the callback can check the
 * state it gets back and knows where to return. Rows older than 10 minutes are refused and swept.
 */
export const oauthStates = pgTable("oauth_states", {
  state: text("state").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  /** google_calendar, microsoft_outlook or zoom. */
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  returnUrl: text("return_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
