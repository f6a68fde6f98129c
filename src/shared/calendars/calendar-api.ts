import { z } from "zod";
import { meetingPlatforms } from "../meetings/meeting-url";
import {
  autoJoinSkipReasons,
  calendarPlatforms,
  connectionStatuses,
  joinBlockedReasons,
  recapRecipientChoices,
  syncModes,
} from "./calendar-platforms";

// Requests and answers of the /api/calendar and /api/zoom calls (spec section 7; issue 18), named components
// in /api/openapi.json.

const platformSchema = z.enum(calendarPlatforms);

/** A local path of this site to come back to after the provider's consent screen (never another origin). */
export const returnUrlSchema = z
  .string()
  .min(1)
  .max(2_000)
  .regex(/^\/(?!\/)[^\s\\]*$/, "must be a path on this site");

export const calendarConnectBodySchema = z.object({ platform: platformSchema, returnUrl: returnUrlSchema }).strict();
export const calendarDisconnectBodySchema = z.object({ platform: platformSchema }).strict();
/** The event of a join toggle: the connection (data.calendarId) and the provider's event id (data.eventId). */
export const calendarEventRefSchema = z.object({ calendarId: z.uuid(), eventId: z.string().min(1).max(1_024) }).strict();

/** POST /api/calendar/connect and /api/zoom/connect: where the browser goes to give consent. */
export const oauthStartSchema = z.object({ authorizationUrl: z.string() }).meta({ id: "OAuthStart" });
export type OAuthStart = z.infer<typeof oauthStartSchema>;

export const calendarPreferencesSchema = z
  .object({
    autoJoin: z.boolean(),
    sendNotes: z.boolean(),
    recapRecipients: z.enum(recapRecipientChoices),
  })
  .meta({ id: "CalendarPreferences" });
export type CalendarPreferences = z.infer<typeof calendarPreferencesSchema>;
export const calendarPreferencesUpdateSchema = calendarPreferencesSchema.partial().strict();

export const calendarConnectionSchema = z
  .object({
    id: z.string(),
    data: z.object({
      platform: platformSchema,
      accountEmail: z.string().nullable(),
      status: z.enum(connectionStatuses),
      lastSyncedAt: z.string().nullable(),
      /** The provider answered 429/5xx at the last try: events may be behind; retried with backoff. */
      syncDelayed: z.boolean(),
    }),
  })
  .meta({ id: "CalendarConnection" });
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

/** GET /api/calendar: the connections, the toggles and how events stay fresh. */
export const calendarListSchema = z
  .object({
    calendars: z.array(calendarConnectionSchema),
    preferences: calendarPreferencesSchema,
    /** Which providers this install is configured for (client id and secret set). */
    available: z.array(platformSchema),
    syncMode: z.enum(syncModes),
    pollMinutes: z.number().int(),
  })
  .meta({ id: "CalendarList" });
export type CalendarList = z.infer<typeof calendarListSchema>;

/** The bot sent for an event, with its live status (codes of spec section 4). */
export const calendarEventBotSchema = z.object({
  noteId: z.string(),
  code: z.string().nullable(),
  subcode: z.string().nullable(),
  isFinal: z.boolean(),
});

export const calendarEventSchema = z
  .object({
    id: z.string(),
    data: z.object({
      /** The provider's id of the event (instance). */
      eventId: z.string(),
      /** The connection's id. */
      calendarId: z.string(),
      calendarPlatform: platformSchema,
      title: z.string(),
      start: z.string(),
      end: z.string(),
      isAllDay: z.boolean(),
      isCancelled: z.boolean(),
      meetingUrl: z.string().nullable(),
      meetingPlatform: z.enum(meetingPlatforms).nullable(),
      /** Whether the notetaker goes to this event (its own toggle, or auto-join when it has none). */
      JoinEnabled: z.boolean(),
      /** The event's own toggle; null follows auto-join. */
      joinSetting: z.boolean().nullable(),
      joinBlockedReason: z.enum(joinBlockedReasons).nullable(),
      sentBotManually: z.literal("sent").nullable(),
      /** When the notetaker will be sent (about a minute before the start), while one is due. */
      scheduledAt: z.string().nullable(),
      skipReason: z.enum(autoJoinSkipReasons).nullable(),
      bot: calendarEventBotSchema.nullable(),
    }),
  })
  .meta({ id: "CalendarEvent" });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarEventsSchema = z.object({ events: z.array(calendarEventSchema) }).meta({ id: "CalendarEvents" });
export type CalendarEvents = z.infer<typeof calendarEventsSchema>;
export const calendarEventAnswerSchema = z.object({ event: calendarEventSchema }).meta({ id: "CalendarEventAnswer" });

/** GET /api/calendar/event: a window of at most 31 days (the view asks for 7). */
export const calendarEventsQuerySchema = z.object({
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
});

/** GET /api/zoom: the Zoom connection (interpretations 22). */
export const zoomConnectionSchema = z
  .object({
    available: z.boolean(),
    connected: z.boolean(),
    status: z.enum(connectionStatuses).nullable(),
    accountEmail: z.string().nullable(),
  })
  .meta({ id: "ZoomConnection" });
export type ZoomConnection = z.infer<typeof zoomConnectionSchema>;
