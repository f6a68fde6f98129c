import { z } from "zod";
import { meetingCodes } from "../notes/statuses";

// The bot's signed HTTP callbacks (issue 6; interpretations 15: exempt from CSRF, checked by the per-bot
// token instead). All under `/api/bot-callbacks/{botId}/`, each with `Authorization: Bearer <token>`:
//   POST status          BotStatusReport        -> 204   (idempotent per sequence; late ones are ignored)
//   POST heartbeat       BotHeartbeat           -> 200 BotHeartbeatReply (cancel reaches the bot here)
//   PUT  recording/{n}   webm/opus bytes        -> 204   (part n = 0,1,2...; the same part twice is kept once)
//   POST speakers        BotSpeakerTimeline     -> 204   (the whole timeline so far; replaces the last one)
//   POST finish          BotFinish              -> 204   (after the last part; the server assembles and transcribes)

export const botCallbackPaths = {
  status: "status",
  heartbeat: "heartbeat",
  recording: "recording",
  speakers: "speakers",
  finish: "finish",
} as const;

export const botStatusReportSchema = z
  .object({
    code: z.enum(meetingCodes),
    subcode: z.string().max(100).nullable(),
    sequence: z.number().int().positive(),
    /** When the bot saw it (ms since the epoch). */
    at: z.number().int().positive(),
  })
  .strict();
export type BotStatusReport = z.infer<typeof botStatusReportSchema>;

export const botHeartbeatSchema = z
  .object({
    /** Other people in the call now (bots excluded), for the note page. */
    participantCount: z.number().int().nonnegative(),
    /** Seconds of recording so far. */
    recordedSeconds: z.number().nonnegative(),
  })
  .strict();
export type BotHeartbeat = z.infer<typeof botHeartbeatSchema>;

export const botHeartbeatReplySchema = z.object({ leave: z.boolean() }).strict();
export type BotHeartbeatReply = z.infer<typeof botHeartbeatReplySchema>;

/** One person speaking, in ms from the start of the recording (part 0's first byte). */
export const speakerTurnSchema = z
  .object({
    name: z.string().min(1).max(200),
    startMs: z.number().int().nonnegative(),
    endMs: z.number().int().nonnegative(),
  })
  .strict()
  .refine((turn) => turn.endMs >= turn.startMs, { message: "endMs before startMs" });
export type SpeakerTurn = z.infer<typeof speakerTurnSchema>;

export const botSpeakerTimelineSchema = z
  .object({
    turns: z.array(speakerTurnSchema).max(100_000),
    /** Everyone seen in the call (names), speaking or not. */
    participants: z.array(z.string().min(1).max(200)).max(1_000),
  })
  .strict();
export type BotSpeakerTimeline = z.infer<typeof botSpeakerTimelineSchema>;

export const botFinishSchema = z
  .object({
    /** How many recording parts were sent (0 when nothing was recorded). */
    recordingParts: z.number().int().nonnegative(),
    durationMs: z.number().int().nonnegative(),
    /** Whether any remote audio with voice was heard (false = admitted but no audio: 'no recording'). */
    hasAudio: z.boolean(),
  })
  .strict();
export type BotFinish = z.infer<typeof botFinishSchema>;
