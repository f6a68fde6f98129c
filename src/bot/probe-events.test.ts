import { describe, expect, it } from "vitest";
import type { BotJob } from "../shared/meetings/bot-job";
import { type BotEvent, type BotState, initialBotState, reduceBotStatus } from "../shared/meetings/bot-status";
import type { ProbeResult, SeenParticipant } from "./platforms/platform-adapter";
import { type CallTracker, startTracking, timerEvent, trackProbe, trackRecordingStarted, trackSpeech } from "./probe-events";

const t0 = 1_700_000_000_000;
const person = (name: string, isSpeaking = false): SeenParticipant => ({ id: name, name, isBot: false, isSpeaking });
const otherBot: SeenParticipant = { id: "otter", name: "Otter.ai", isBot: true, isSpeaking: false };

const probe = (partial: Partial<ProbeResult>): ProbeResult => ({
  phase: "joining",
  fatal: null,
  ending: null,
  participants: [],
  waitingCount: 0,
  recordingPermission: null,
  ...partial,
});

const timers: BotJob["timers"] = {
  waitingRoomMs: 10_000,
  nooneJoinedMs: 10_000,
  everyoneLeftMs: 2_000,
  silenceMs: 5_000,
  silenceActivateAfterMs: 1_000,
  onlyBotsMs: 3_000,
  onlyBotsActivateAfterMs: 1_000,
  inCallNotRecordingMs: 60_000,
  recordingLimitMs: null,
  maxDurationMs: 3_600_000,
};

/** Runs probes (at t0 + ms) through the tracker and the reducer, as the runner does. */
function run(steps: [number, ProbeResult][], tracker: CallTracker = startTracking(t0)) {
  let state: BotState = reduceBotStatus(initialBotState, { type: "join_started" }).state;
  const events: BotEvent[] = [];
  const codes: string[] = [];
  for (const [ms, result] of steps) {
    const tracked = trackProbe(tracker, result, t0 + ms);
    tracker = tracked.tracker;
    for (const event of tracked.events) {
      events.push(event);
      const next = reduceBotStatus(state, event);
      state = next.state;
      codes.push(...next.emitted.map((status) => (status.subcode ? `${status.code}/${status.subcode}` : status.code)));
    }
  }
  return { tracker, events, codes };
}

describe("probe events", () => {
  it("turns lobby, admission and the host ending the call into the reducer's events, each once", () => {
    const { events, codes } = run([
      [0, probe({ phase: "joining" })],
      [250, probe({ phase: "waiting_room" })],
      [500, probe({ phase: "waiting_room" })],
      [750, probe({ phase: "in_call", participants: [person("Ana")] })],
      [1_000, probe({ phase: "in_call", participants: [person("Ana")] })],
      [1_250, probe({ phase: "ended", ending: { kind: "meeting_ended", by: "host" } })],
      [1_500, probe({ phase: "ended", ending: { kind: "meeting_ended", by: "host" } })],
    ]);
    expect(events.map((event) => event.type)).toEqual(["waiting_room_entered", "admitted", "meeting_ended"]);
    expect(codes).toEqual(["in_waiting_room", "in_call_not_recording", "call_ended/call_ended_by_host"]);
  });

  it("keeps lobby denial apart from removal from the call, and names an unexplained end screen", () => {
    expect(run([[0, probe({ phase: "ended", ending: { kind: "removed", from: "waiting_room" } })]]).codes).toEqual([
      "call_ended/bot_kicked_from_waiting_room",
    ]);
    expect(
      run([
        [0, probe({ phase: "in_call" })],
        [250, probe({ phase: "ended", ending: { kind: "removed", from: "call" } })],
      ]).codes,
    ).toEqual(["in_call_not_recording", "call_ended/bot_kicked_from_call"]);
    expect(
      run([
        [0, probe({ phase: "in_call" })],
        [250, probe({ phase: "ended" })],
      ]).events.at(-1),
    ).toEqual({ type: "meeting_ended", by: "unknown" });
  });

  it("reports a page error as fatal with its subcode, once", () => {
    const { codes } = run([
      [0, probe({ fatal: "meeting_password_incorrect" })],
      [250, probe({ fatal: "meeting_password_incorrect" })],
    ]);
    expect(codes).toEqual(["fatal/meeting_password_incorrect"]);
  });

  it("notices someone knocking while the bot is in the call once per knock, not while it waits itself", () => {
    const { codes } = run([
      [0, probe({ phase: "waiting_room", waitingCount: 2 })],
      [250, probe({ phase: "in_call", participants: [person("Ana")] })],
      [500, probe({ phase: "in_call", participants: [person("Ana")], waitingCount: 1 })],
      [750, probe({ phase: "in_call", participants: [person("Ana")], waitingCount: 1 })],
      [1_000, probe({ phase: "in_call", participants: [person("Ana")], waitingCount: 0 })],
      [1_250, probe({ phase: "in_call", participants: [person("Ana")], waitingCount: 1 })],
    ]);
    expect(codes).toEqual([
      "in_waiting_room",
      "in_call_not_recording",
      "participant_in_waiting_room",
      "in_call_not_recording",
      "participant_in_waiting_room",
      "in_call_not_recording",
    ]);
  });

  it("reports Zoom's recording permission when it changes", () => {
    const { codes } = run([
      [0, probe({ phase: "in_call", recordingPermission: { isAllowed: false, subcode: "zoom_host_not_present" } })],
      [250, probe({ phase: "in_call", recordingPermission: { isAllowed: false, subcode: "zoom_host_not_present" } })],
      [500, probe({ phase: "in_call", recordingPermission: { isAllowed: true } })],
    ]);
    expect(codes).toEqual(["in_call_not_recording", "recording_permission_denied/zoom_host_not_present", "recording_permission_allowed"]);
  });

  it("keeps the observation the timers read: everyone left after someone came, only bots, silence", () => {
    const left = run([
      [0, probe({ phase: "in_call", participants: [person("Ana")] })],
      [1_000, probe({ phase: "in_call", participants: [] })],
      [2_000, probe({ phase: "in_call", participants: [] })],
    ]).tracker;
    expect(left.observation.aloneSince).toBe(t0 + 1_000);
    expect(timerEvent(left, timers, t0 + 2_999)).toBeNull();
    expect(timerEvent(left, timers, t0 + 3_000)).toEqual({ type: "timeout", kind: "everyone_left" });

    const nobody = run([[0, probe({ phase: "in_call" })]]).tracker;
    expect(nobody.observation.hasAnyoneJoined).toBe(false);
    expect(timerEvent(nobody, timers, t0 + 10_000)).toEqual({ type: "timeout", kind: "noone_joined" });

    const bots = run([
      [0, probe({ phase: "in_call", participants: [person("Ana")] })],
      [500, probe({ phase: "in_call", participants: [otherBot] })],
    ]).tracker;
    expect(bots.observation.onlyBotsSince).toBe(t0 + 500);
    expect(timerEvent(bots, timers, t0 + 3_500)).toEqual({ type: "timeout", kind: "only_bots" });

    // Speech restarts the silence timer; the timer counts from admission while nobody spoke.
    const quiet = run([[0, probe({ phase: "in_call", participants: [person("Ana")] })]]).tracker;
    expect(timerEvent(quiet, timers, t0 + 5_000)).toEqual({ type: "timeout", kind: "silence_detected" });
    const spoke = trackSpeech(quiet, t0 + 4_000);
    expect(timerEvent(spoke, timers, t0 + 5_000)).toBeNull();
    expect(timerEvent(spoke, timers, t0 + 9_000)).toEqual({ type: "timeout", kind: "silence_detected" });
  });

  it("times the lobby from entering it, and moves the not-recording clock to recording when audio flows", () => {
    const lobby = run([
      [0, probe({ phase: "joining" })],
      [2_000, probe({ phase: "waiting_room" })],
    ]).tracker;
    expect(timerEvent(lobby, timers, t0 + 11_999)).toBeNull();
    expect(timerEvent(lobby, timers, t0 + 12_000)).toEqual({ type: "timeout", kind: "waiting_room" });

    const admitted = run([[0, probe({ phase: "in_call", participants: [person("Ana")] })]]).tracker;
    expect(admitted.observation.notRecordingSince).toBe(t0);
    const recording = trackRecordingStarted(admitted, t0 + 700);
    expect(recording.observation).toMatchObject({ recordingSince: t0 + 700, notRecordingSince: null });
    const limited = { ...timers, recordingLimitMs: 1_000, silenceActivateAfterMs: 3_600_000 };
    expect(timerEvent(recording, limited, t0 + 1_700)).toEqual({ type: "timeout", kind: "in_call_recording" });
  });
});
