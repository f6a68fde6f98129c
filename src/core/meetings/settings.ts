import { z } from "zod";
import type { BotTimerSettings } from "~/shared/meetings/bot-timers";
import { defaultBotTimerSettings } from "~/shared/meetings/bot-timers";
import type { MeetingPlatform } from "~/shared/meetings/meeting-url";

// The meeting bot's settings (issue 6). The server's env schema spreads this shape in; `botSettingsFromEnv`
// reads the parsed slice. Timers default to Recall's automatic-leave values (bot-timers.ts); tests shorten
// them. Platform base URLs point the bot at stand-ins (tests) or a proxy; unset = the real platform.

const seconds = (fallbackMs: number) =>
  z.coerce
    .number()
    .positive()
    .max(86_400)
    .default(fallbackMs / 1000);
const optionalOrigin = z.url().optional();

export const botEnvShape = {
  /** Bots this process runs at once (the embedded web, or each `npm run worker`); 0 = launch none here. */
  BOT_CAPACITY: z.coerce.number().int().min(0).max(64).default(3),
  /**
   * The queue's cap of bots one user runs at once, across machines: the most a plan allows (Pro: 3). The
   * plan's own limit (BILLING_*_LIMITS concurrentMeetings) is checked when a bot is sent (402).
   */
  BOT_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** Where bots send their callbacks; default: this web process's own address (embedded). */
  BOT_CALLBACK_URL: z.url().optional(),
  /** Signs the bots' callback tokens; default: derived from AUTH_SECRET. */
  BOT_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BOT_CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  /** Headless Chromium; false = headed (run the process under Xvfb). */
  BOT_HEADLESS: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  BOT_GOOGLE_MEET_BASE_URL: optionalOrigin,
  BOT_MICROSOFT_TEAMS_BASE_URL: optionalOrigin,
  BOT_ZOOM_BASE_URL: optionalOrigin,
  BOT_WAITING_ROOM_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.waitingRoomMs),
  BOT_NOONE_JOINED_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.nooneJoinedMs),
  BOT_EVERYONE_LEFT_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.everyoneLeftMs),
  BOT_SILENCE_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.silenceMs),
  BOT_SILENCE_ACTIVATE_AFTER_SECONDS: z.coerce
    .number()
    .min(0)
    .default(defaultBotTimerSettings.silenceActivateAfterMs / 1000),
  BOT_ONLY_BOTS_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.onlyBotsMs),
  BOT_ONLY_BOTS_ACTIVATE_AFTER_SECONDS: z.coerce
    .number()
    .min(0)
    .default(defaultBotTimerSettings.onlyBotsActivateAfterMs / 1000),
  BOT_IN_CALL_NOT_RECORDING_TIMEOUT_SECONDS: seconds(defaultBotTimerSettings.inCallNotRecordingMs),
  /** interpretations 20: free recordings stop at 30 minutes (timeout_exceeded_in_call_recording). */
  BOT_MAX_DURATION_SECONDS: seconds(defaultBotTimerSettings.maxDurationMs),
};

type BotEnv = z.output<z.ZodObject<typeof botEnvShape>>;

export interface BotSettings {
  capacity: number;
  concurrentPerUser: number;
  callbackUrl: string | null;
  tokenSecret: string | null;
  chromiumPath: string;
  isHeadless: boolean;
  baseUrls: Record<MeetingPlatform, string | null>;
  timers: BotTimerSettings;
}

const ms = (value: number) => Math.round(value * 1000);

export function botSettingsFromEnv(env: BotEnv): BotSettings {
  return {
    capacity: env.BOT_CAPACITY,
    concurrentPerUser: env.BOT_CONCURRENT_PER_USER,
    callbackUrl: env.BOT_CALLBACK_URL ?? null,
    tokenSecret: env.BOT_TOKEN_SECRET ?? null,
    chromiumPath: env.BOT_CHROMIUM_PATH,
    isHeadless: env.BOT_HEADLESS,
    baseUrls: {
      google_meet: env.BOT_GOOGLE_MEET_BASE_URL ?? null,
      microsoft_teams: env.BOT_MICROSOFT_TEAMS_BASE_URL ?? null,
      zoom: env.BOT_ZOOM_BASE_URL ?? null,
    },
    timers: {
      waitingRoomMs: ms(env.BOT_WAITING_ROOM_TIMEOUT_SECONDS),
      nooneJoinedMs: ms(env.BOT_NOONE_JOINED_TIMEOUT_SECONDS),
      everyoneLeftMs: ms(env.BOT_EVERYONE_LEFT_TIMEOUT_SECONDS),
      silenceMs: ms(env.BOT_SILENCE_TIMEOUT_SECONDS),
      silenceActivateAfterMs: ms(env.BOT_SILENCE_ACTIVATE_AFTER_SECONDS),
      onlyBotsMs: ms(env.BOT_ONLY_BOTS_TIMEOUT_SECONDS),
      onlyBotsActivateAfterMs: ms(env.BOT_ONLY_BOTS_ACTIVATE_AFTER_SECONDS),
      inCallNotRecordingMs: ms(env.BOT_IN_CALL_NOT_RECORDING_TIMEOUT_SECONDS),
      // Per plan (billing limits recordingMinutes), set on each job by the launcher.
      recordingLimitMs: null,
      maxDurationMs: ms(env.BOT_MAX_DURATION_SECONDS),
    },
  };
}
