import { isFinalMeeting, type MeetingCode, usageLimitCode } from "../notes/statuses";

// The meeting bot's status machine (issue 6; spec section 4 codes, interpretations 20-21): a pure reducer.
// The adapters report what they see, the timers (outside) report what ran out, the launcher reports
// cancel and shutdown; the reducer turns those events into the spec's codes and subcodes, each emitted
// once with an increasing sequence number, and never moves on from a final code (except to `done`).

export interface BotStatus {
  code: MeetingCode;
  subcode: string | null;
  /** Increases by one per emitted status: callbacks that arrive out of order are put back in order. */
  sequence: number;
}

/** Timers kept outside the reducer; each ends the call with its own `timeout_exceeded_*` subcode. */
export const botTimeouts = [
  "waiting_room",
  "noone_joined",
  "everyone_left",
  "silence_detected",
  "only_bots",
  "max_duration",
  "in_call_not_recording",
  "in_call_recording",
] as const;
export type BotTimeout = (typeof botTimeouts)[number];

export type BotEvent =
  | { type: "join_started" }
  | { type: "waiting_room_entered" }
  | { type: "admitted" }
  | { type: "participant_waiting" }
  | { type: "recording_permission"; isAllowed: true }
  | { type: "recording_permission"; isAllowed: false; subcode: string }
  | { type: "recording_started" }
  | { type: "recording_stopped" }
  /** The platform refused or broke the join (meeting_not_found, meeting_password_incorrect, ...). */
  | { type: "fatal"; subcode: string }
  /** Denied at the door, or removed from the call. */
  | { type: "removed"; from: "waiting_room" | "call" }
  | { type: "meeting_ended"; by: "host" | "platform_idle" | "platform_max_length" | "platform_waiting_room_timeout" | "unknown" }
  | { type: "timeout"; kind: BotTimeout }
  /** Cancel from the product, or SIGTERM. */
  | { type: "leave_requested" }
  | {
      type: "usage_limit";
      subcode: "concurrent_meetings_limit_exceeded" | "transcription_minutes_limit_exceeded" | "upload_count_limit_exceeded";
    }
  /** The bot process is about to exit: after call_ended, fatal or a usage limit it says `done`. */
  | { type: "shutdown" };

export interface BotState {
  current: BotStatus | null;
  /** The in-call code to return to after a passing `participant_in_waiting_room`; null before admission. */
  inCallCode: MeetingCode | null;
}

export const initialBotState: BotState = { current: null, inCallCode: null };

const timeoutSubcode: Record<BotTimeout, string> = {
  waiting_room: "timeout_exceeded_waiting_room",
  noone_joined: "timeout_exceeded_noone_joined",
  everyone_left: "timeout_exceeded_everyone_left",
  silence_detected: "timeout_exceeded_silence_detected",
  only_bots: "timeout_exceeded_only_bots_detected_using_participant_names",
  max_duration: "timeout_exceeded_max_duration",
  in_call_not_recording: "timeout_exceeded_in_call_not_recording",
  in_call_recording: "timeout_exceeded_in_call_recording",
};

const endedBySubcode = {
  host: "call_ended_by_host",
  platform_idle: "call_ended_by_platform_idle",
  platform_max_length: "call_ended_by_platform_max_length",
  platform_waiting_room_timeout: "call_ended_by_platform_waiting_room_timeout",
  unknown: null,
} as const;

/** spec section 4: the call endings that are a success (the recording is complete); others are failures. */
const successfulEndings: ReadonlySet<string | null> = new Set([
  "call_ended_by_host",
  "call_ended_by_platform_idle",
  "call_ended_by_platform_max_length",
  "timeout_exceeded_everyone_left",
  null,
]);

export function isSuccessfulEnding(status: Pick<BotStatus, "code" | "subcode">): boolean {
  return (status.code === "call_ended" || status.code === "done") && successfulEndings.has(status.subcode);
}

/** What the event means as a status, before the rules about order and finality apply. */
function target(state: BotState, event: BotEvent): { code: MeetingCode; subcode: string | null }[] {
  switch (event.type) {
    case "join_started":
      return [{ code: "joining_call", subcode: null }];
    case "waiting_room_entered":
      return [{ code: "in_waiting_room", subcode: null }];
    case "admitted":
      return [{ code: "in_call_not_recording", subcode: null }];
    case "participant_waiting":
      // A passing notice about someone else, only while the bot is in the call; its own in-call state
      // follows right after.
      if (state.inCallCode === null) return [];
      return [
        { code: "participant_in_waiting_room", subcode: null },
        { code: state.inCallCode, subcode: null },
      ];
    case "recording_permission":
      return event.isAllowed
        ? [{ code: "recording_permission_allowed", subcode: null }]
        : [{ code: "recording_permission_denied", subcode: event.subcode }];
    case "recording_started":
      return [{ code: "in_call_recording", subcode: null }];
    case "recording_stopped":
      return [{ code: "in_call_not_recording", subcode: null }];
    case "fatal":
      return [{ code: "fatal", subcode: event.subcode }];
    case "removed":
      return [{ code: "call_ended", subcode: event.from === "waiting_room" ? "bot_kicked_from_waiting_room" : "bot_kicked_from_call" }];
    case "meeting_ended":
      return [{ code: "call_ended", subcode: endedBySubcode[event.by] }];
    case "timeout":
      return [{ code: "call_ended", subcode: timeoutSubcode[event.kind] }];
    case "leave_requested":
      return [{ code: "call_ended", subcode: "bot_received_leave_call" }];
    case "usage_limit":
      return [{ code: usageLimitCode, subcode: event.subcode }];
    case "shutdown":
      return [{ code: "done", subcode: null }];
  }
}

/**
 * The next state and the statuses to report. Rules: nothing follows `done`; after a final code only
 * `done` may follow (interpretations 21); `fatal` ends with `done` too; a status equal to the current one
 * is not reported again.
 */
export function reduceBotStatus(state: BotState, event: BotEvent): { state: BotState; emitted: BotStatus[] } {
  const emitted: BotStatus[] = [];
  let next = state;
  for (const wanted of target(state, event)) {
    const current = next.current;
    if (current?.code === "done") break;
    const isEnded = current !== null && (isFinalMeeting(current.code) || current.code === "fatal");
    if (isEnded && wanted.code !== "done") continue;
    if (current && current.code === wanted.code && current.subcode === wanted.subcode) continue;
    const status: BotStatus = { ...wanted, sequence: (current?.sequence ?? 0) + 1 };
    const isInCall = wanted.code === "in_call_not_recording" || wanted.code === "in_call_recording";
    next = { current: status, inCallCode: isInCall ? wanted.code : next.inCallCode };
    emitted.push(status);
  }
  return { state: next, emitted };
}
