import { describe, expect, it } from "vitest";
import { type BotObservation, expiredTimer, defaultBotTimerSettings as settings } from "./bot-timers";

const minute = 60_000;
const t0 = Date.parse("2026-11-23T10:00:00Z");
/** In the call since t0 + 1 min with someone there, talking, recording. */
const inCall = (patch: Partial<BotObservation>): BotObservation => ({
  now: t0 + 2 * minute,
  startedAt: t0,
  phase: "in_call",
  waitingSince: null,
  admittedAt: t0 + minute,
  hasAnyoneJoined: true,
  aloneSince: null,
  onlyBotsSince: null,
  lastSpeechAt: t0 + 2 * minute,
  recordingSince: t0 + minute,
  notRecordingSince: null,
  ...patch,
});

describe("when the bot leaves on its own", () => {
  it("keeps going while people talk", () => {
    expect(expiredTimer(settings, inCall({}))).toBeNull();
  });

  it("leaves the lobby after 20 minutes, not before", () => {
    const lobby = { ...inCall({}), phase: "waiting_room" as const, admittedAt: null, waitingSince: t0 };
    expect(expiredTimer(settings, { ...lobby, now: t0 + 20 * minute - 1 })).toBeNull();
    expect(expiredTimer(settings, { ...lobby, now: t0 + 20 * minute })).toBe("waiting_room");
  });

  it("leaves when nobody came, and when everyone left (after 2 s, so a quick rejoin does not end it)", () => {
    expect(expiredTimer(settings, inCall({ hasAnyoneJoined: false, now: t0 + 21 * minute }))).toBe("noone_joined");
    expect(expiredTimer(settings, inCall({ aloneSince: t0 + 2 * minute, now: t0 + 2 * minute + 1_999 }))).toBeNull();
    expect(expiredTimer(settings, inCall({ aloneSince: t0 + 2 * minute, now: t0 + 2 * minute + 2_000 }))).toBe("everyone_left");
  });

  it("counts silence only after the activation delay", () => {
    // Silent from the start: nothing until the call is 20 minutes old, then the hour of silence counts.
    const silent = { lastSpeechAt: null };
    expect(expiredTimer(settings, inCall({ ...silent, now: t0 + 30 * minute }))).toBeNull();
    expect(expiredTimer(settings, inCall({ ...silent, now: t0 + 61 * minute }))).toBe("silence_detected");
    expect(expiredTimer(settings, inCall({ lastSpeechAt: t0 + 30 * minute, now: t0 + 80 * minute }))).toBeNull();
  });

  it("leaves a call of only bots after an hour, once the call is 20 minutes old", () => {
    const bots = { onlyBotsSince: t0 + minute, lastSpeechAt: t0 + 60 * minute };
    expect(expiredTimer(settings, inCall({ ...bots, now: t0 + 60 * minute }))).toBeNull();
    expect(expiredTimer(settings, inCall({ ...bots, now: t0 + 61 * minute }))).toBe("only_bots");
  });

  it("stops at the plan's recording limit, and after an hour in the call without recording", () => {
    const free = { ...settings, recordingLimitMs: 30 * minute };
    expect(expiredTimer(free, inCall({ now: t0 + 31 * minute - 1, lastSpeechAt: t0 + 30 * minute }))).toBeNull();
    expect(expiredTimer(free, inCall({ now: t0 + 31 * minute, lastSpeechAt: t0 + 30 * minute }))).toBe("in_call_recording");
    expect(
      expiredTimer(
        settings,
        inCall({ recordingSince: null, notRecordingSince: t0 + minute, now: t0 + 61 * minute, lastSpeechAt: t0 + 60 * minute }),
      ),
    ).toBe("in_call_not_recording");
  });

  it("never runs past the hard cap, whatever the phase", () => {
    expect(expiredTimer(settings, inCall({ now: t0 + 240 * minute, lastSpeechAt: t0 + 240 * minute }))).toBe("max_duration");
    expect(expiredTimer(settings, { ...inCall({}), phase: "joining", admittedAt: null, now: t0 + 240 * minute })).toBe("max_duration");
  });
});
