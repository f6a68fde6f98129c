import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { BotJob } from "../shared/meetings/bot-job";
import { type BotEvent, type BotState, type BotStatus, initialBotState, reduceBotStatus } from "../shared/meetings/bot-status";
import { isFinalMeeting } from "../shared/notes/statuses";
import { launchBotBrowser } from "./browser-launch";
import { createCallbackClient } from "./callback-client";
import { createCallbackQueue } from "./callback-queue";
import { createRecordingParts, installPageCapture, type PageCapture } from "./capture/page-capture";
import type { PlatformAdapter, ProbeResult } from "./platforms/platform-adapter";
import { isRecordingPermitted, startTracking, timerEvent, trackProbe, trackRecordingStarted, trackSpeech } from "./probe-events";
import { addSpeakingSample, initialSpeakerTurns, speakerTimeline } from "./speaker-turns";

// One bot, one meeting, one Chromium (issue 6): join, watch the page, record, report, leave. The adapter
// knows the platform's DOM; everything else is here. Statuses come only from the pure reducer, fed by
// probe changes (probe-events.ts), the timers, the capture and leave requests; every emitted status is
// queued to the status callback in order. After a final code (or fatal) the bot leaves, stops the
// recorder, uploads the last part, the speakers and the finish, then says `done` and closes Chromium.

export type BotLog = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void;

export interface RunBotOptions {
  job: BotJob;
  adapter: PlatformAdapter;
  /** Aborted = leave now (SIGTERM, SIGINT): reported as call_ended / bot_received_leave_call. */
  leaveSignal?: AbortSignal;
  log?: BotLog;
  executablePath?: string;
  /** Keep the 16 kHz WAV of the mix after the run (tests, debugging); removed otherwise. */
  keepPcm?: boolean;
  /** Per callback: give up after this long (brief: about a minute). */
  callbackGiveUpMs?: number;
  /** How often the speaker timeline so far is sent during the call (default 30 s). */
  speakersEveryMs?: number;
}

export interface BotRunResult {
  statuses: BotStatus[];
  recordingParts: number;
  durationMs: number;
  hasAudio: boolean;
  pcmPath: string;
}

/** The bot broke (Chromium died, the page went away): it reported fatal / bot_errored and done first. */
export class BotCrashError extends Error {
  override name = "BotCrashError";
}

/** The meeting page did not load at all: the platform's host could not be reached from this server. */
export class PlatformUnreachableError extends Error {
  override name = "PlatformUnreachableError";
}

/**
 * Whether opening the meeting page failed on the network (Chromium's net::ERR_*: no DNS, refused, reset,
 * empty answer, offline, timed out, proxy or TLS failure) or got no answer in the navigation's time: the
 * real cause is then the connection to the platform (fatal / meeting_platform_unreachable), not the bot.
 */
export function isPlatformUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /\bnet::ERR_[A-Z_]+/.test(error.message) || error.name === "TimeoutError";
}

const probeEveryMs = 250;
const heartbeatEveryMs = 1_000;
const probeTimeoutMs = 15_000;
/** After join() failed, how long the page gets to show why before the bot calls it bot_errored. */
const joinFailureGraceMs = 1_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function runBot({
  job,
  adapter,
  leaveSignal,
  log = () => undefined,
  executablePath,
  keepPcm = false,
  callbackGiveUpMs,
  speakersEveryMs = 30_000,
}: RunBotOptions): Promise<BotRunResult> {
  const client = createCallbackClient({ callbackBaseUrl: job.callbackBaseUrl, botId: job.botId, token: job.token });
  // A Zoom join URL carries the owner's ZAK, a credential: errors that quote the URL are logged without it.
  const withoutZak = (text: string) => (job.zoomZak ? text.split(job.zoomZak).join("[zak]") : text);
  const onGiveUp = (label: string, error: unknown) => log("warn", "callback given up", { label, error: String(error) });
  const statusQueue = createCallbackQueue({ giveUpAfterMs: callbackGiveUpMs, onGiveUp });
  const uploadQueue = createCallbackQueue({ giveUpAfterMs: callbackGiveUpMs, onGiveUp });
  const pcmPath = join(tmpdir(), `parley-bot-${job.botId}-${process.pid}.wav`);

  let state: BotState = initialBotState;
  const statuses: BotStatus[] = [];
  const dispatch = (event: BotEvent) => {
    const next = reduceBotStatus(state, event);
    state = next.state;
    for (const status of next.emitted) {
      statuses.push(status);
      log("info", "status", { code: status.code, subcode: status.subcode, sequence: status.sequence, event: event.type });
      const report = { code: status.code, subcode: status.subcode, sequence: status.sequence, at: Date.now() };
      statusQueue.enqueue(`status ${status.sequence} ${status.code}`, () => client.postStatus(report));
    }
  };
  const isOver = () => {
    const code = state.current?.code;
    return code !== undefined && (isFinalMeeting(code) || code === "fatal");
  };

  let isLeaveRequested = leaveSignal?.aborted ?? false;
  let wake: (() => void) | null = null;
  let onLeave: () => void = () => undefined;
  // Resolves on leave: slow steps (opening the meeting page) race it, so cancel never waits for them.
  const leaveRequested = new Promise<void>((resolve) => {
    onLeave = resolve;
    if (isLeaveRequested) resolve();
  });
  const requestLeave = () => {
    isLeaveRequested = true;
    onLeave();
    wake?.();
  };
  leaveSignal?.addEventListener("abort", requestLeave, { once: true });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  let tracker = startTracking(Date.now());
  let turns = initialSpeakerTurns;
  let lastProbe: ProbeResult | null = null;
  let isRecording = false;
  const parts = createRecordingParts();
  let browser: Browser | null = null;
  let page: Page | null = null;
  let capture: PageCapture | null = null;

  // Heartbeats carry cancel from the product; a slow or failing one never holds anything else.
  let isHeartbeatInFlight = false;
  const heartbeat = setInterval(() => {
    if (isHeartbeatInFlight) return;
    isHeartbeatInFlight = true;
    const startedAt = capture?.recorderStartedAt ?? null;
    const body = {
      participantCount: lastProbe?.participants.filter((person) => !person.isBot).length ?? 0,
      recordedSeconds: isRecording && startedAt !== null ? Math.max(0, (Date.now() - startedAt) / 1_000) : 0,
    };
    client
      .heartbeat(body)
      .then((reply) => {
        if (reply.leave) requestLeave();
      })
      .catch((error: unknown) => log("warn", "heartbeat failed", { error: String(error) }))
      .finally(() => {
        isHeartbeatInFlight = false;
      });
  }, heartbeatEveryMs);

  let crash: unknown = null;
  dispatch({ type: "join_started" });
  try {
    browser = await launchBotBrowser({ isHeadless: job.isHeadless, executablePath });
    // The capture loads its AudioWorklet from a Blob URL, which a platform's CSP may refuse.
    const context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    capture = await installPageCapture(page, pcmPath);
    const activePage = page;
    const activeCapture = capture;
    const joinUrl = adapter.joinUrl(job.meetingUrl, job.platformBaseUrl ?? adapter.defaultBaseUrl, { zak: job.zoomZak ?? null });
    const opened = activePage.goto(joinUrl, { waitUntil: "domcontentloaded" }).then(
      () => null,
      (error: unknown) => error,
    );
    // Left during navigation: the loop below reports the leave; the navigation's end no longer matters.
    const navigationError = await Promise.race([opened, leaveRequested.then(() => null)]);
    if (navigationError !== null && !isLeaveRequested) {
      // The meeting link, never the join URL: a ZAK in it is a credential and must not reach the logs.
      if (isPlatformUnreachable(navigationError)) throw new PlatformUnreachableError(job.meetingUrl, { cause: navigationError });
      throw navigationError;
    }
    let joinFailedAt: number | null = null;
    let joinError: unknown = null;
    void adapter.join(activePage, { botName: job.botName, passcode: job.passcode }).catch((error: unknown) => {
      joinError = error;
      joinFailedAt = Date.now();
    });
    let isRecorderRequested = false;
    let isConsentPosted = false;
    let lastSpeakersAt = Date.now();

    while (!isOver()) {
      if (isLeaveRequested) {
        dispatch({ type: "leave_requested" });
        break;
      }
      const probe = await withTimeout(adapter.probe(activePage), probeTimeoutMs);
      // A page that no longer answers one evaluate in this long is hung: nothing it shows can be trusted.
      if (!probe) throw new Error(`the page did not answer a probe within ${probeTimeoutMs} ms`);
      const now = Date.now();
      lastProbe = probe;
      const tracked = trackProbe(tracker, probe, now);
      tracker = tracked.tracker;
      for (const event of tracked.events) dispatch(event);
      if (isOver()) break;

      if (tracker.observation.admittedAt !== null && !isConsentPosted) {
        isConsentPosted = true;
        if (job.consentMessage.trim() !== "") {
          adapter
            .sendChatMessage(activePage, job.consentMessage)
            .then((isPosted) => log("info", "consent message", { isPosted }))
            .catch((error: unknown) => log("warn", "consent message failed", { error: String(error) }));
        }
      }
      if (tracker.observation.admittedAt !== null && !isRecorderRequested && isRecordingPermitted(tracker)) {
        // Record from admission: waiting for the first voice would lose the first words (gotcha 4). Not
        // while the platform's consent is refused: nothing from that time may end up in the recording.
        isRecorderRequested = true;
        await activeCapture.startRecorder(activePage);
      }
      if (activeCapture.lastSpeechAt !== null) tracker = trackSpeech(tracker, activeCapture.lastSpeechAt);
      const recorderStartedAt = activeCapture.recorderStartedAt;
      if (!isRecording && recorderStartedAt !== null && activeCapture.firstAudioAt !== null && isRecordingPermitted(tracker)) {
        // Admitted is not recording: only remote audio actually flowing is (no silent recordings), and
        // only once the platform's recording consent is not refused (Zoom).
        isRecording = true;
        tracker = trackRecordingStarted(tracker, now);
        dispatch({ type: "recording_started" });
      }
      if (recorderStartedAt !== null) turns = addSpeakingSample(turns, now - recorderStartedAt, probe.participants);
      parts.push(activeCapture.takeChunks());
      if (isRecording) {
        for (const part of parts.takeReady())
          uploadQueue.enqueue(`recording ${part.index}`, () => client.putRecordingPart(part.index, part.bytes));
        if (now - lastSpeakersAt >= speakersEveryMs && recorderStartedAt !== null) {
          lastSpeakersAt = now;
          const timeline = speakerTimeline(turns, now - recorderStartedAt);
          uploadQueue.enqueue("speakers", () => client.postSpeakers(timeline));
        }
      }
      if (joinFailedAt !== null && probe.phase === "joining" && now - joinFailedAt >= joinFailureGraceMs) {
        // join() gave up and the page shows no reason the adapter can name.
        log("error", "join failed", { error: withoutZak(String(joinError)) });
        dispatch({ type: "fatal", subcode: "bot_errored" });
        break;
      }
      const timeout = timerEvent(tracker, job.timers, now);
      if (timeout) dispatch(timeout);
      if (!isOver()) await pause(probeEveryMs);
    }
  } catch (error) {
    if (error instanceof PlatformUnreachableError) {
      // Not the bot's error nor the meeting's: the network between this server and the platform.
      log("warn", "meeting platform unreachable", { error: withoutZak(String(error.cause)) });
      dispatch({ type: "fatal", subcode: "meeting_platform_unreachable" });
    } else {
      crash = error;
      log("error", "bot crashed", { error: withoutZak(error instanceof Error ? (error.stack ?? error.message) : String(error)) });
      dispatch({ type: "fatal", subcode: "bot_errored" });
    }
  }

  // Wrap-up: every step best effort, bounded in time; the page may already be gone.
  const activePage = page;
  let stoppedAt = Date.now();
  if (activePage && !activePage.isClosed()) {
    await withTimeout(
      adapter.leave(activePage).catch((error: unknown) => log("warn", "leave failed", { error: String(error) })),
      10_000,
    );
    if (capture)
      await withTimeout(
        capture.stopRecorder(activePage).catch((error: unknown) => log("warn", "recorder stop failed", { error: String(error) })),
        10_000,
      );
    stoppedAt = Date.now();
  }
  const recorderStartedAt = capture?.recorderStartedAt ?? null;
  const durationMs = isRecording && recorderStartedAt !== null ? Math.max(0, stoppedAt - recorderStartedAt) : 0;
  if (capture) parts.push(capture.takeChunks());
  if (isRecording && recorderStartedAt !== null) {
    for (const part of [...parts.takeReady(), parts.takeRest()])
      if (part) uploadQueue.enqueue(`recording ${part.index}`, () => client.putRecordingPart(part.index, part.bytes));
    const timeline = speakerTimeline(turns, durationMs);
    uploadQueue.enqueue("speakers", () => client.postSpeakers(timeline));
  }
  const finish = { recordingParts: isRecording ? parts.count : 0, durationMs, hasAudio: isRecording && (capture?.hasVoice ?? false) };
  uploadQueue.enqueue("finish", () => client.finish(finish));
  await uploadQueue.drained();
  dispatch({ type: "shutdown" });
  await statusQueue.drained();
  clearInterval(heartbeat);
  leaveSignal?.removeEventListener("abort", requestLeave);
  await capture?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  if (!keepPcm) await rm(pcmPath, { force: true });
  log("info", "bot finished", { ...finish, sent: statusQueue.sent.length + uploadQueue.sent.length });
  if (crash !== null) throw new BotCrashError("the bot crashed", { cause: crash });
  return { statuses, recordingParts: finish.recordingParts, durationMs, hasAudio: finish.hasAudio, pcmPath };
}
