import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { MediaError } from "../media/ffmpeg";
import { readWavInfo } from "../media/wav-file";
import { lowerChildPriority } from "../priority/child-priority";
import { type SpeechEngine, SpeechEngineError, type TranscribedSegment } from "./speech-engine";
import { isEnglishOnlyModel, type ResolveWhisperModelOptions, resolveWhisperModel } from "./whisper-model-files";

// whisper.cpp through @napi-rs/whisper (prebuilt, no weights inside). Two facts about that binding shape
// this file (read in its source, seen here):
// - `full()` runs synchronously: minutes of audio would block the event loop (job heartbeats, HTTP).
// - Loading it in a worker thread crashes the whole process when the worker exits (SIGSEGV, seen here).
// So the model lives in a child Node process that stays up between jobs (the model loads once), reads the
// WAV itself (no PCM over IPC), and can be killed to abort; a crash in native code kills only the child.
// The binding exposes segment times only (no token or word times), so `hasWordTimes` is false.

const require = createRequire(import.meta.url);

/** The child's program. Plain JavaScript run with `node -e`, so it works under tsx, vitest and plain node alike. */
const childProgram = String.raw`
const fs = require("node:fs");
const { Whisper, WhisperFullParams, WhisperSamplingStrategy } = require(process.argv[1]);
const modelPath = process.argv[2];
let whisper = null;
try {
  whisper = new Whisper(modelPath);
} catch (error) {
  // Exit once the message is out: exiting straight away can drop it.
  process.send({ type: "loadFailed", message: String(error && error.message) }, () => process.exit(0));
}
if (whisper) serve(whisper);
function serve(whisper) {
process.send({ type: "ready", isMultilingual: whisper.isMultilingual === 1 });
process.on("disconnect", () => process.exit(0));
const drain = () => new Promise((resolve) => setImmediate(resolve));
process.on("message", async (request) => {
  try {
    if (request.language && Whisper.langId(request.language) < 0) {
      process.send({ id: request.id, code: "LANGUAGE_NOT_SUPPORTED", message: "whisper.cpp does not know language " + request.language });
      return;
    }
    const bytes = Buffer.alloc(request.dataBytes);
    const fd = fs.openSync(request.wavPath, "r");
    try { fs.readSync(fd, bytes, 0, bytes.length, request.dataOffset); } finally { fs.closeSync(fd); }
    const samples = new Float32Array(bytes.length >> 1);
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
    const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
    params.nThreads = request.threads;
    params.language = request.language || "auto";
    params.printProgress = false;
    params.printRealtime = false;
    params.printTimestamps = false;
    params.suppressNonSpeechTokens = true;
    const segments = [];
    params.onNewSegment = (segment) => segments.push(segment);
    const text = whisper.full(params, samples);
    // Segments arrive through a thread-safe callback queued during full(); they are all in once their
    // texts add up to what full() returned.
    const squash = (value) => value.replace(/\s+/g, "");
    for (let turn = 0; turn < 100 && squash(segments.map((s) => s.text).join("")) !== squash(text); turn++) await drain();
    const language = Whisper.lang(whisper.fullLangId) || request.language || "und";
    process.send({ id: request.id, segments, language });
  } catch (error) {
    process.send({ id: request.id, code: "ENGINE_FAILED", message: String(error && error.message) });
  }
});
}
`;

interface ChildSegment {
  text: string;
  /** whisper.cpp's t0/t1: hundredths of a second. */
  start: number;
  end: number;
}

type ChildReply =
  | { type: "ready"; isMultilingual: boolean }
  | { type: "loadFailed"; message: string }
  | { id: number; segments: ChildSegment[]; language: string }
  | { id: number; code: "LANGUAGE_NOT_SUPPORTED" | "ENGINE_FAILED"; message: string };

export interface WhisperCppOptions extends Omit<ResolveWhisperModelOptions, "signal"> {
  /** CPU threads for one transcription (default: all cores; known-traps: never more than the machine has). */
  threads?: number;
}

/** Whisper prints these for stretches without speech; they are not words anyone said. */
const nonSpeech = /^\s*(\[[^\]]*\]|\([^)]*\))\s*$/;

function isEnglish(language: string): boolean {
  return language.toLowerCase().split(/[-_]/)[0] === "en";
}

export function createWhisperCppEngine(options: WhisperCppOptions): SpeechEngine & { dispose(): void } {
  const isEnglishOnly = isEnglishOnlyModel(options.fileName);
  const threads = options.threads ?? availableParallelism();
  let modelPath: Promise<string> | null = null;
  let worker: Promise<ModelProcess> | null = null;

  const ensureWorker = (signal?: AbortSignal): Promise<ModelProcess> => {
    // The model is resolved (and downloaded, when allowed) on the first transcription, not at start-up.
    modelPath ??= resolveWhisperModel({ ...options, signal }).catch((error: unknown) => {
      modelPath = null;
      throw error;
    });
    worker ??= modelPath
      .then((resolved) => startModelProcess(resolved, () => (worker = null)))
      .catch((error: unknown) => {
        worker = null;
        throw error;
      });
    return worker;
  };

  return {
    id: `whisper-cpp:${options.fileName}`,
    languages: isEnglishOnly ? ["en"] : "any",
    hasWordTimes: false,
    async transcribe(wavPath, { language, signal }) {
      const requested = language && language !== "auto" ? language : undefined;
      if (isEnglishOnly && requested && !isEnglish(requested)) {
        throw new SpeechEngineError("LANGUAGE_NOT_SUPPORTED", false, `${options.fileName} is an English-only model, not ${requested}`);
      }
      signal?.throwIfAborted();
      let info: Awaited<ReturnType<typeof readWavInfo>>;
      try {
        info = await readWavInfo(wavPath);
        if (info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16)
          throw new MediaError("CORRUPT", "needs 16 kHz mono 16-bit PCM");
      } catch (error) {
        if (error instanceof MediaError) throw new SpeechEngineError("BAD_AUDIO", false, error.message);
        throw error;
      }
      const child = await ensureWorker(signal);
      const reply = await child.request(
        {
          wavPath,
          dataOffset: info.dataOffset,
          dataBytes: info.dataBytes - (info.dataBytes % 2),
          language: isEnglishOnly ? "en" : requested?.toLowerCase().split(/[-_]/)[0],
          threads,
        },
        signal,
      );
      const segments: TranscribedSegment[] = reply.segments
        .filter((segment) => segment.text.trim() && !nonSpeech.test(segment.text))
        .map((segment) => ({
          start: segment.start / 100,
          end: Math.min(segment.end / 100, info.durationSeconds),
          text: segment.text.trim(),
        }));
      return { language: reply.language, durationSeconds: info.durationSeconds, segments };
    },
    dispose() {
      void worker?.then((child) => child.kill()).catch(() => {});
      worker = null;
    },
  };
}

interface ModelProcess {
  request(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ segments: ChildSegment[]; language: string }>;
  kill(): void;
}

function startModelProcess(modelPath: string, onGone: () => void): Promise<ModelProcess> {
  const bindingPath = require.resolve("@napi-rs/whisper");
  const child: ChildProcess = spawn(process.execPath, ["-e", childProgram, bindingPath, modelPath], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  // Before the model loads: the threads whisper.cpp starts for each job inherit the lower priority.
  lowerChildPriority(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  const pending = new Map<
    number,
    { resolve: (reply: { segments: ChildSegment[]; language: string }) => void; reject: (error: unknown) => void }
  >();
  let nextId = 1;
  // Idle, the child must not keep this process alive; with work pending it must.
  const setBusy = (isBusy: boolean) => (isBusy ? child.channel?.ref() : child.channel?.unref());

  return new Promise((resolveStart, rejectStart) => {
    child.on("message", (reply: ChildReply) => {
      if ("type" in reply) {
        if (reply.type === "ready") {
          setBusy(false);
          child.unref();
          resolveStart({ request, kill: () => child.kill("SIGKILL") });
        } else rejectStart(new SpeechEngineError("ENGINE_UNAVAILABLE", false, `whisper.cpp could not load ${modelPath}: ${reply.message}`));
        return;
      }
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) setBusy(false);
      if ("segments" in reply) waiting.resolve(reply);
      else waiting.reject(new SpeechEngineError(reply.code, false, reply.message));
    });
    child.on("exit", (code, signalName) => {
      onGone();
      const error = new SpeechEngineError(
        "ENGINE_FAILED",
        true,
        `whisper.cpp process ended (${signalName ?? code}): ${stderr.trim().slice(-300)}`,
      );
      rejectStart(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
    child.on("error", (error) => rejectStart(new SpeechEngineError("ENGINE_UNAVAILABLE", false, error.message)));

    function request(body: Record<string, unknown>, signal?: AbortSignal) {
      return new Promise<{ segments: ChildSegment[]; language: string }>((resolve, reject) => {
        const id = nextId++;
        // full() cannot be interrupted from outside: aborting kills the child (the next call starts one).
        const onAbort = () => {
          pending.delete(id);
          child.kill("SIGKILL");
          reject(signal?.reason);
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        const done =
          <T>(settle: (value: T) => void) =>
          (value: T) => {
            signal?.removeEventListener("abort", onAbort);
            settle(value);
          };
        pending.set(id, { resolve: done(resolve), reject: done(reject) });
        setBusy(true);
        child.send({ id, ...body });
      });
    }
  });
}
