import type { BotEvent, BotTimeout } from "../shared/meetings/bot-status";
import { type BotObservation, type BotTimerSettings, expiredTimer } from "../shared/meetings/bot-timers";
import type { ProbeResult } from "./platforms/platform-adapter";

// From what the page shows to what the status reducer hears (issue 6). Pure: the probe loop passes each
// ProbeResult with the time; changes become BotEvents (each once), and the BotObservation the timers read
// is kept up to date. Audio facts (speech heard, recording started) come from the capture, not the page.

export interface CallTracker {
  observation: BotObservation;
  lastPhase: ProbeResult["phase"];
  lastFatal: string | null;
  lastEnding: string | null;
  lastWaitingCount: number;
  lastPermission: string | null;
}

export function startTracking(now: number): CallTracker {
  return {
    observation: {
      now,
      startedAt: now,
      phase: "joining",
      waitingSince: null,
      admittedAt: null,
      hasAnyoneJoined: false,
      aloneSince: null,
      onlyBotsSince: null,
      lastSpeechAt: null,
      recordingSince: null,
      notRecordingSince: null,
    },
    lastPhase: "joining",
    lastFatal: null,
    lastEnding: null,
    lastWaitingCount: 0,
    lastPermission: null,
  };
}

function permissionKey(permission: ProbeResult["recordingPermission"]): string | null {
  if (permission === null) return null;
  return permission.isAllowed ? "allowed" : `denied:${permission.subcode}`;
}

/** One probe: the events it implies (in the order they happened) and the tracker after it. */
export function trackProbe(tracker: CallTracker, probe: ProbeResult, now: number): { tracker: CallTracker; events: BotEvent[] } {
  const events: BotEvent[] = [];
  const seen: BotObservation = { ...tracker.observation, now };
  // An end screen keeps the last phase: the timers have nothing more to say once the call is over.
  if (probe.phase !== "ended") seen.phase = probe.phase;
  if (probe.phase === "waiting_room" && tracker.lastPhase !== "waiting_room") {
    events.push({ type: "waiting_room_entered" });
    seen.waitingSince = now;
  }
  if (probe.phase === "in_call" && seen.admittedAt === null) {
    events.push({ type: "admitted" });
    seen.admittedAt = now;
    seen.notRecordingSince = now;
  }
  if (probe.phase === "in_call") {
    const others = probe.participants;
    if (others.length > 0) seen.hasAnyoneJoined = true;
    seen.aloneSince = others.length === 0 ? (seen.aloneSince ?? now) : null;
    seen.onlyBotsSince = others.length > 0 && others.every((person) => person.isBot) ? (seen.onlyBotsSince ?? now) : null;
  }
  const permission = permissionKey(probe.recordingPermission);
  if (probe.recordingPermission !== null && permission !== tracker.lastPermission) {
    events.push(
      probe.recordingPermission.isAllowed
        ? { type: "recording_permission", isAllowed: true }
        : { type: "recording_permission", isAllowed: false, subcode: probe.recordingPermission.subcode },
    );
  }
  // Someone else knocks while the bot is in the call: a passing notice, once per knock.
  if (probe.phase === "in_call" && probe.waitingCount > 0 && tracker.lastWaitingCount === 0) events.push({ type: "participant_waiting" });
  if (probe.fatal !== null && probe.fatal !== tracker.lastFatal) events.push({ type: "fatal", subcode: probe.fatal });
  const ending = probe.ending;
  const endingKey = ending === null ? null : ending.kind === "removed" ? `removed:${ending.from}` : `ended:${ending.by}`;
  if (ending !== null && endingKey !== tracker.lastEnding) {
    events.push(ending.kind === "removed" ? { type: "removed", from: ending.from } : { type: "meeting_ended", by: ending.by });
  } else if (ending === null && probe.phase === "ended" && probe.fatal === null && tracker.lastPhase !== "ended") {
    // The page shows an end screen it could not name: still an ending, with the default subcode.
    events.push({ type: "meeting_ended", by: "unknown" });
  }
  return {
    tracker: {
      observation: seen,
      lastPhase: probe.phase,
      lastFatal: probe.fatal ?? tracker.lastFatal,
      lastEnding: endingKey ?? tracker.lastEnding,
      lastWaitingCount: probe.phase === "in_call" ? probe.waitingCount : 0,
      lastPermission: permission ?? tracker.lastPermission,
    },
    events,
  };
}

/** Someone else's voice was heard at `at` (the silence timer restarts). */
export function trackSpeech(tracker: CallTracker, at: number): CallTracker {
  const last = tracker.observation.lastSpeechAt;
  return { ...tracker, observation: { ...tracker.observation, lastSpeechAt: last === null ? at : Math.max(last, at) } };
}

/** False while the platform's recording consent (Zoom) is denied: the bot must not record then. */
export function isRecordingPermitted(tracker: CallTracker): boolean {
  return !tracker.lastPermission?.startsWith("denied:");
}

/** Remote audio started to flow into the recording at `at`. */
export function trackRecordingStarted(tracker: CallTracker, at: number): CallTracker {
  return { ...tracker, observation: { ...tracker.observation, recordingSince: at, notRecordingSince: null } };
}

/** The timer that ran out at `now`, as a reducer event; null while none has. */
export function timerEvent(tracker: CallTracker, settings: BotTimerSettings, now: number): { type: "timeout"; kind: BotTimeout } | null {
  const kind = expiredTimer(settings, { ...tracker.observation, now });
  return kind === null ? null : { type: "timeout", kind };
}
