import { describe, expect, it } from "vitest";
import { type BotEvent, type BotState, initialBotState, isSuccessfulEnding, reduceBotStatus } from "./bot-status";

/** Runs events through the reducer and returns what was reported, as `code` or `code/subcode`. */
function run(events: BotEvent[], from: BotState = initialBotState): { reported: string[]; sequences: number[]; state: BotState } {
  let state = from;
  const reported: string[] = [];
  const sequences: number[] = [];
  for (const event of events) {
    const result = reduceBotStatus(state, event);
    state = result.state;
    for (const status of result.emitted) {
      reported.push(status.subcode ? `${status.code}/${status.subcode}` : status.code);
      sequences.push(status.sequence);
    }
  }
  return { reported, sequences, state };
}

const lobbyThenCall: BotEvent[] = [
  { type: "join_started" },
  { type: "waiting_room_entered" },
  { type: "admitted" },
  { type: "recording_started" },
];

describe("the bot's status machine", () => {
  it("reports a normal meeting in order with increasing sequence numbers, ending in done", () => {
    const { reported, sequences } = run([...lobbyThenCall, { type: "timeout", kind: "everyone_left" }, { type: "shutdown" }]);
    expect(reported).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "in_call_recording",
      "call_ended/timeout_exceeded_everyone_left",
      "done",
    ]);
    expect(sequences).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    [{ type: "removed", from: "waiting_room" } as BotEvent, "call_ended/bot_kicked_from_waiting_room"],
    [{ type: "timeout", kind: "waiting_room" } as BotEvent, "call_ended/timeout_exceeded_waiting_room"],
    [{ type: "meeting_ended", by: "platform_waiting_room_timeout" } as BotEvent, "call_ended/call_ended_by_platform_waiting_room_timeout"],
  ])("keeps a denial at the door and the lobby timeouts apart: %o", (event, expected) => {
    const { reported } = run([{ type: "join_started" }, { type: "waiting_room_entered" }, event]);
    expect(reported.at(-1)).toBe(expected);
  });

  it.each([
    ["noone_joined", "timeout_exceeded_noone_joined"],
    ["silence_detected", "timeout_exceeded_silence_detected"],
    ["only_bots", "timeout_exceeded_only_bots_detected_using_participant_names"],
    ["max_duration", "timeout_exceeded_max_duration"],
    ["in_call_not_recording", "timeout_exceeded_in_call_not_recording"],
    ["in_call_recording", "timeout_exceeded_in_call_recording"],
  ] as const)("ends the call on the %s timer with %s", (kind, subcode) => {
    expect(run([...lobbyThenCall, { type: "timeout", kind }]).reported.at(-1)).toBe(`call_ended/${subcode}`);
  });

  it("reports a fatal error, stays there, then done; nothing after done", () => {
    const { reported, state } = run([
      { type: "join_started" },
      { type: "fatal", subcode: "meeting_password_incorrect" },
      { type: "admitted" },
      { type: "timeout", kind: "waiting_room" },
      { type: "shutdown" },
      { type: "recording_started" },
      { type: "shutdown" },
    ]);
    expect(reported).toEqual(["joining_call", "fatal/meeting_password_incorrect", "done"]);
    expect(state.current?.code).toBe("done");
  });

  it("never leaves a final code except for done (a late event after call_ended is ignored)", () => {
    const { reported } = run([
      ...lobbyThenCall,
      { type: "meeting_ended", by: "host" },
      { type: "recording_started" },
      { type: "removed", from: "call" },
    ]);
    expect(reported.slice(-1)).toEqual(["call_ended/call_ended_by_host"]);
  });

  it("reports the recording permission with its subcode and does not repeat an unchanged status", () => {
    const { reported } = run([
      { type: "join_started" },
      { type: "admitted" },
      { type: "recording_permission", isAllowed: false, subcode: "zoom_local_recording_denied" },
      { type: "recording_permission", isAllowed: false, subcode: "zoom_local_recording_denied" },
      { type: "recording_permission", isAllowed: true },
      { type: "recording_started" },
      { type: "recording_started" },
    ]);
    expect(reported).toEqual([
      "joining_call",
      "in_call_not_recording",
      "recording_permission_denied/zoom_local_recording_denied",
      "recording_permission_allowed",
      "in_call_recording",
    ]);
  });

  it("passes through participant_in_waiting_room and returns to the bot's own in-call state", () => {
    const { reported } = run([...lobbyThenCall, { type: "participant_waiting" }]);
    expect(reported.slice(-2)).toEqual(["participant_in_waiting_room", "in_call_recording"]);
    // In the lobby itself the bot cannot see who else waits: nothing is reported.
    expect(run([{ type: "join_started" }, { type: "waiting_room_entered" }, { type: "participant_waiting" }]).reported).toEqual([
      "joining_call",
      "in_waiting_room",
    ]);
  });

  it("ends on cancel or SIGTERM with bot_received_leave_call, before or after admission, and on a usage limit", () => {
    expect(run([{ type: "join_started" }, { type: "leave_requested" }]).reported.at(-1)).toBe("call_ended/bot_received_leave_call");
    expect(run([...lobbyThenCall, { type: "leave_requested" }, { type: "shutdown" }]).reported.slice(-2)).toEqual([
      "call_ended/bot_received_leave_call",
      "done",
    ]);
    expect(run([{ type: "usage_limit", subcode: "concurrent_meetings_limit_exceeded" }, { type: "join_started" }]).reported).toEqual([
      "parley_usage_limit_exceeded/concurrent_meetings_limit_exceeded",
    ]);
  });

  it("tells success endings from failures (spec section 4)", () => {
    for (const subcode of [
      "call_ended_by_host",
      "call_ended_by_platform_idle",
      "call_ended_by_platform_max_length",
      "timeout_exceeded_everyone_left",
      null,
    ]) {
      expect(isSuccessfulEnding({ code: "call_ended", subcode })).toBe(true);
    }
    for (const subcode of [
      "bot_kicked_from_call",
      "timeout_exceeded_noone_joined",
      "bot_kicked_from_waiting_room",
      "timeout_exceeded_silence_detected",
    ]) {
      expect(isSuccessfulEnding({ code: "call_ended", subcode })).toBe(false);
    }
    expect(isSuccessfulEnding({ code: "fatal", subcode: null })).toBe(false);
  });
});
