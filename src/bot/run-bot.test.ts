import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type BotCallbackReceiver, startBotCallbackReceiver } from "../../test/support/bot-callback-receiver";
import { loopbackBotJob } from "../../test/support/loopback-bot-job";
import { createLoopbackMeeting, type LoopbackMeeting, loopbackAdapter } from "../../test/support/loopback-meeting";
import { decodeToWav16kMono, probeMedia } from "../infra/media/ffmpeg";
import { BotCrashError, type BotLog, isPlatformUnreachable, runBot } from "./run-bot";

// The runner end to end against a real Chromium, a real WebRTC track and a real HTTP callback receiver
// (a loopback meeting page and a tiny adapter from test/support/loopback-meeting.ts).

const token = "test-bot-token";
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setUp() {
  const botId = randomUUID();
  const meeting: LoopbackMeeting = createLoopbackMeeting();
  const receiver: BotCallbackReceiver = await startBotCallbackReceiver({ botId, token, pages: meeting.handle });
  cleanups.push(() => receiver.close());
  const job = loopbackBotJob({
    botId,
    token,
    baseUrl: receiver.baseUrl,
    timers: {
      waitingRoomMs: 60_000,
      nooneJoinedMs: 60_000,
      everyoneLeftMs: 1_000,
      silenceMs: 60_000,
      silenceActivateAfterMs: 60_000,
      onlyBotsMs: 60_000,
      onlyBotsActivateAfterMs: 60_000,
      inCallNotRecordingMs: 60_000,
      recordingLimitMs: null,
      maxDurationMs: 120_000,
    },
  });
  const logs: string[] = [];
  const log: BotLog = (level, message, fields) => logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { job, meeting, receiver, log, logs };
}

/** RMS of 16-bit mono PCM in a WAV (after its 44-byte header). */
function wavStats(wav: Buffer): { seconds: number; rms: number } {
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length - ((wav.length - 44) % 2)));
  let squares = 0;
  for (const sample of samples) squares += (sample / 32_768) ** 2;
  return { seconds: samples.length / 16_000, rms: Math.sqrt(squares / Math.max(1, samples.length)) };
}

describe("runBot", () => {
  it("joins, waits in the lobby, records the remote audio with speaker turns and leaves when everyone left", async () => {
    const { job, meeting, receiver, log, logs } = await setUp();
    const running = runBot({ job, adapter: loopbackAdapter, log, keepPcm: true, speakersEveryMs: 2_000 });

    await receiver.waitFor(() => receiver.statusCodes().includes("in_waiting_room"), "the lobby");
    meeting.control = {
      isAdmitted: true,
      isSendingAudio: true,
      participants: [
        { id: "a", name: "Ana Souza", isSpeaking: true },
        { id: "b", name: "Ben Ode", isSpeaking: false },
      ],
    };
    await receiver.waitFor(() => receiver.count("recording") >= 1, "the first recording part");
    meeting.control.participants = [
      { id: "a", name: "Ana Souza", isSpeaking: false },
      { id: "b", name: "Ben Ode", isSpeaking: true },
    ];
    const heartbeats = receiver.count("heartbeat");
    await receiver.waitFor(() => receiver.count("heartbeat") >= heartbeats + 3, "three more heartbeats");
    meeting.control.participants = [];
    const result = await running;
    cleanups.push(() => rm(result.pcmPath, { force: true }));

    expect(receiver.rejected).toEqual([]);
    expect(receiver.statusCodes()).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "in_call_recording",
      "call_ended/timeout_exceeded_everyone_left",
      "done",
    ]);
    expect(receiver.statuses().map((status) => status.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.statuses.map((status) => status.code).at(-1)).toBe("done");

    // The consent message went to the chat once, and the bot pressed leave.
    expect(meeting.chat).toEqual([job.consentMessage]);
    expect(meeting.leaves).toBe(1);

    // Parts 0..n-1, each sent once, then speakers and finish, then `done`.
    const finish = receiver.finish();
    const parts = receiver.parts();
    expect(finish).toMatchObject({ hasAudio: true });
    expect(finish?.recordingParts).toBeGreaterThanOrEqual(2);
    expect([...parts.keys()]).toEqual([...Array(finish?.recordingParts).keys()]);
    const kinds = receiver.received
      .map((entry) => (entry.kind === "status" ? "status" : entry.kind))
      .filter((kind) => kind !== "heartbeat");
    const lastPart = kinds.lastIndexOf("recording");
    expect(kinds.indexOf("finish")).toBeGreaterThan(lastPart);
    expect(kinds.lastIndexOf("speakers")).toBeLessThan(kinds.indexOf("finish"));
    expect(kinds.lastIndexOf("status")).toBeGreaterThan(kinds.indexOf("finish"));

    // The parts in order are one webm/opus file that decodes to the call's length, with the tone in it.
    const folder = await mkdtemp(join(tmpdir(), "parley-bot-test-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const webm = join(folder, "recording.webm");
    await writeFile(webm, Buffer.concat([...parts.keys()].sort((a, b) => a - b).map((key) => parts.get(key) ?? Buffer.alloc(0))));
    const probe = await probeMedia(webm);
    expect(probe.formatName).toContain("webm");
    expect(probe.hasAudio).toBe(true);
    await decodeToWav16kMono(webm, join(folder, "recording.wav"));
    const decoded = wavStats(await readFile(join(folder, "recording.wav")));
    expect(decoded.seconds).toBeGreaterThan(5);
    expect(Math.abs(decoded.seconds * 1_000 - (finish?.durationMs ?? 0))).toBeLessThan(2_000);
    expect(decoded.rms).toBeGreaterThan(0.05);

    // Speaker turns: sent during the call too; the last timeline has Ana first, then Ben, in ms of the
    // recording, and everyone seen.
    expect(receiver.count("speakers")).toBeGreaterThanOrEqual(3);
    const speakers = receiver.speakers();
    expect(speakers?.participants).toEqual(["Ana Souza", "Ben Ode"]);
    expect(speakers?.turns.map((turn) => turn.name)).toEqual(["Ana Souza", "Ben Ode"]);
    const [ana, ben] = speakers?.turns ?? [];
    expect(ana?.startMs).toBeLessThan(1_000);
    expect(ben?.startMs).toBeGreaterThanOrEqual(ana?.endMs ?? 0);
    expect(ben?.endMs).toBeLessThanOrEqual(finish?.durationMs ?? 0);

    // The 16 kHz mix kept for Node holds the tone too.
    const mix = wavStats(await readFile(result.pcmPath));
    expect(mix.rms).toBeGreaterThan(0.05);
    expect(logs.some((line) => line.startsWith("info consent message"))).toBe(true);
  });

  it("stays in_call_not_recording when no audio flows, sends no parts, and leaves when asked by the heartbeat", async () => {
    const { job, meeting, receiver, log } = await setUp();
    const running = runBot({ job, adapter: loopbackAdapter, log });
    await receiver.waitFor(() => receiver.statusCodes().includes("in_waiting_room"), "the lobby");
    meeting.control = { isAdmitted: true, isSendingAudio: false, participants: [{ id: "a", name: "Ana Souza", isSpeaking: true }] };
    await receiver.waitFor(() => receiver.statusCodes().includes("in_call_not_recording"), "admission");
    const heartbeats = receiver.count("heartbeat");
    await receiver.waitFor(() => receiver.count("heartbeat") >= heartbeats + 3, "three heartbeats in the call");
    receiver.askToLeave();
    const result = await running;

    expect(receiver.rejected).toEqual([]);
    expect(receiver.statusCodes()).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "call_ended/bot_received_leave_call",
      "done",
    ]);
    expect(receiver.count("recording")).toBe(0);
    expect(receiver.finish()).toEqual({ recordingParts: 0, durationMs: 0, hasAudio: false });
    expect(result).toMatchObject({ recordingParts: 0, hasAudio: false });
    expect(meeting.leaves).toBe(1);
  });

  it("does not record while the platform's recording consent is refused, and records once it is given", async () => {
    const { job, meeting, receiver, log } = await setUp();
    const running = runBot({ job, adapter: loopbackAdapter, log });
    await receiver.waitFor(() => receiver.statusCodes().includes("in_waiting_room"), "the lobby");
    const ana = { id: "a", name: "Ana Souza", isSpeaking: true };
    const denied = { isAllowed: false as const, subcode: "zoom_local_recording_denied" };
    meeting.control = { isAdmitted: true, isSendingAudio: true, participants: [ana], recordingPermission: denied };
    await receiver.waitFor(() => receiver.statusCodes().includes("recording_permission_denied/zoom_local_recording_denied"), "the refusal");
    const heartbeats = receiver.count("heartbeat");
    await receiver.waitFor(() => receiver.count("heartbeat") >= heartbeats + 3, "three heartbeats with audio flowing");
    expect(receiver.statusCodes()).not.toContain("in_call_recording");

    meeting.control.recordingPermission = { isAllowed: true };
    await receiver.waitFor(() => receiver.statusCodes().includes("in_call_recording"), "recording after consent");
    receiver.askToLeave();
    await running;

    expect(receiver.statusCodes()).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "recording_permission_denied/zoom_local_recording_denied",
      "recording_permission_allowed",
      "in_call_recording",
      "call_ended/bot_received_leave_call",
      "done",
    ]);
    const finish = receiver.finish();
    expect(finish?.hasAudio).toBe(true);
    expect(finish?.recordingParts).toBeGreaterThanOrEqual(1);
    // The recording starts at consent, not at admission: it is shorter than the time spent in the call.
    expect(finish?.durationMs).toBeLessThan(3_000);
  });

  it("reports fatal / bot_errored then done when it breaks, and when join fails with no reason on the page", async () => {
    const broken = await setUp();
    const crashing = { ...loopbackAdapter, probe: () => Promise.reject(new Error("Target page, context or browser has been closed")) };
    await expect(runBot({ job: broken.job, adapter: crashing, log: broken.log })).rejects.toThrow(BotCrashError);
    expect(broken.receiver.statusCodes()).toEqual(["joining_call", "fatal/bot_errored", "done"]);
    expect(broken.receiver.finish()).toEqual({ recordingParts: 0, durationMs: 0, hasAudio: false });

    const stuck = await setUp();
    const failingJoin = { ...loopbackAdapter, join: () => Promise.reject(new Error("no join form")) };
    const result = await runBot({ job: stuck.job, adapter: failingJoin, log: stuck.log });
    expect(stuck.receiver.statusCodes()).toEqual(["joining_call", "fatal/bot_errored", "done"]);
    expect(result.statuses.map((status) => status.code)).toEqual(["joining_call", "fatal", "done"]);
    expect(stuck.logs.some((line) => line.includes("no join form"))).toBe(true);
  });

  it("reports fatal / meeting_platform_unreachable then done when the meeting page cannot be reached", async () => {
    const offline = await setUp();
    // A port nothing listens on any more: Chromium answers net::ERR_CONNECTION_REFUSED.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = { ...loopbackAdapter, joinUrl: () => `http://127.0.0.1:${port}/meeting` };
    const result = await runBot({ job: offline.job, adapter: unreachable, log: offline.log });
    expect(offline.receiver.statusCodes()).toEqual(["joining_call", "fatal/meeting_platform_unreachable", "done"]);
    expect(result.statuses.map((status) => status.code)).toEqual(["joining_call", "fatal", "done"]);
    expect(offline.receiver.finish()).toEqual({ recordingParts: 0, durationMs: 0, hasAudio: false });
    expect(offline.logs.some((line) => line.includes("ERR_CONNECTION_REFUSED"))).toBe(true);
  });

  it("tells a network failure from other navigation errors", () => {
    expect(isPlatformUnreachable(new Error("page.goto: net::ERR_NAME_NOT_RESOLVED at https://meet.google.com/abc-defg-hij"))).toBe(true);
    expect(isPlatformUnreachable(new Error("page.goto: net::ERR_EMPTY_RESPONSE at http://127.0.0.1/x"))).toBe(true);
    expect(isPlatformUnreachable(Object.assign(new Error("page.goto: Timeout 30000ms exceeded."), { name: "TimeoutError" }))).toBe(true);
    expect(isPlatformUnreachable(new Error("Target page, context or browser has been closed"))).toBe(false);
    expect(isPlatformUnreachable("net::ERR_FAILED")).toBe(false);
  });
});
