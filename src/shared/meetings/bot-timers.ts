import type { BotTimeout } from "./bot-status";

// When the bot gives up and leaves (issue 6: timers outside the reducer). Pure: the bot's probe loop
// passes what it sees and the time; the first timer that ran out is returned and becomes a `timeout`
// event for the reducer. Defaults follow Recall's automatic-leave settings (research/recall-status-codes.md),
// in milliseconds; the per-recording limit comes from the user's plan (interpretations 20: 30 minutes free).

export interface BotTimerSettings {
  /** In the lobby this long without being let in. */
  waitingRoomMs: number;
  /** Admitted, and nobody else ever came. */
  nooneJoinedMs: number;
  /** Everyone else left: leave after this (a brief drop-out and rejoin is not an ending). */
  everyoneLeftMs: number;
  /** No one spoke for this long, counted only once the call is this old. */
  silenceMs: number;
  silenceActivateAfterMs: number;
  /** Only bots (other notetakers) left in the call for this long, once the call is this old. */
  onlyBotsMs: number;
  onlyBotsActivateAfterMs: number;
  /** In the call without recording (permission never came, no audio) for this long. */
  inCallNotRecordingMs: number;
  /** The plan's longest recording; null = no limit. */
  recordingLimitMs: number | null;
  /** A hard cap on the whole bot session, whatever happens. */
  maxDurationMs: number;
}

const minute = 60_000;
export const defaultBotTimerSettings: BotTimerSettings = {
  waitingRoomMs: 20 * minute,
  nooneJoinedMs: 20 * minute,
  everyoneLeftMs: 2_000,
  silenceMs: 60 * minute,
  silenceActivateAfterMs: 20 * minute,
  onlyBotsMs: 60 * minute,
  onlyBotsActivateAfterMs: 20 * minute,
  inCallNotRecordingMs: 60 * minute,
  recordingLimitMs: null,
  maxDurationMs: 4 * 60 * minute,
};

/** What the bot sees at one probe (times in ms since the epoch). */
export interface BotObservation {
  now: number;
  /** When the bot started to join. */
  startedAt: number;
  phase: "joining" | "waiting_room" | "in_call";
  /** When it entered the lobby (phase waiting_room). */
  waitingSince: number | null;
  /** When it was let into the call. */
  admittedAt: number | null;
  /** Whether any other person has been in the call since the bot was admitted. */
  hasAnyoneJoined: boolean;
  /** Since when no other participant is present (null while someone is). */
  aloneSince: number | null;
  /** Since when every other participant is a bot (null while a person is there). */
  onlyBotsSince: number | null;
  /** The last time someone else's voice was heard. */
  lastSpeechAt: number | null;
  /** Since when it records, or since when it is in the call without recording. */
  recordingSince: number | null;
  notRecordingSince: number | null;
}

/** The timer that ran out, most specific first; null while none has. */
export function expiredTimer(settings: BotTimerSettings, seen: BotObservation): BotTimeout | null {
  const { now } = seen;
  const passed = (since: number | null, limit: number) => since !== null && now - since >= limit;
  if (passed(seen.startedAt, settings.maxDurationMs)) return "max_duration";
  if (seen.phase === "waiting_room") return passed(seen.waitingSince, settings.waitingRoomMs) ? "waiting_room" : null;
  if (seen.phase !== "in_call" || seen.admittedAt === null) return null;
  const callAge = now - seen.admittedAt;
  if (!seen.hasAnyoneJoined) return passed(seen.admittedAt, settings.nooneJoinedMs) ? "noone_joined" : null;
  if (passed(seen.aloneSince, settings.everyoneLeftMs)) return "everyone_left";
  if (callAge >= settings.onlyBotsActivateAfterMs && passed(seen.onlyBotsSince, settings.onlyBotsMs)) return "only_bots";
  if (callAge >= settings.silenceActivateAfterMs && passed(seen.lastSpeechAt ?? seen.admittedAt, settings.silenceMs))
    return "silence_detected";
  if (settings.recordingLimitMs !== null && passed(seen.recordingSince, settings.recordingLimitMs)) return "in_call_recording";
  if (passed(seen.notRecordingSince, settings.inCallNotRecordingMs)) return "in_call_not_recording";
  return null;
}
