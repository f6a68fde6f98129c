import { z } from "zod";
import { meetingPlatforms } from "./meeting-url";

// What the launcher hands one bot process (issue 6): everything it needs to join, record and report,
// so that the bot never reads the database. Validated on both sides (the launcher builds it, the bot
// parses it from its command line before it starts Chromium).

export const botTimerSettingsSchema = z
  .object({
    waitingRoomMs: z.number().int().positive(),
    nooneJoinedMs: z.number().int().positive(),
    everyoneLeftMs: z.number().int().positive(),
    silenceMs: z.number().int().positive(),
    silenceActivateAfterMs: z.number().int().nonnegative(),
    onlyBotsMs: z.number().int().positive(),
    onlyBotsActivateAfterMs: z.number().int().nonnegative(),
    inCallNotRecordingMs: z.number().int().positive(),
    recordingLimitMs: z.number().int().positive().nullable(),
    maxDurationMs: z.number().int().positive(),
  })
  .strict();

export const botJobSchema = z
  .object({
    botId: z.uuid(),
    noteId: z.uuid(),
    platform: z.enum(meetingPlatforms),
    /** The canonical platform link (meeting-url.ts), e.g. https://meet.google.com/abc-defg-hij. */
    meetingUrl: z.url(),
    passcode: z.string().max(200).nullable(),
    /** Shown to everyone in the meeting (interpretations 13). */
    botName: z.string().min(1).max(100),
    /** Posted in the meeting chat where the platform has one (interpretations 13). */
    consentMessage: z.string().max(1_000),
    /** Base of the bot's callbacks: `${callbackBaseUrl}/api/bot-callbacks/${botId}/...`. */
    callbackBaseUrl: z.url(),
    /** Signed per-bot token (src/core/meetings/bot-token.ts), sent as `Authorization: Bearer`. */
    token: z.string().min(1).max(2_000),
    /**
     * Replaces the platform's origin (https://meet.google.com, https://teams.microsoft.com,
     * https://app.zoom.us) when set: stand-ins in tests, a proxy in production. Null = the real platform.
     */
    platformBaseUrl: z.url().nullable(),
    timers: botTimerSettingsSchema,
    /** Headless Chromium (default) or headed under Xvfb. */
    isHeadless: z.boolean(),
    /**
     * Zoom only: a ZAK of the owner's connected Zoom account (interpretations 22), fetched right before the
     * launch and never stored, so meetings that admit only signed-in or registered users let the bot in.
     */
    zoomZak: z.string().min(1).max(4_000).nullable().optional(),
  })
  .strict();
export type BotJob = z.infer<typeof botJobSchema>;
