import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { lowerChildPriority } from "../priority/child-priority";
import type { DiarizeReply, DiarizeRequest } from "./sherpa-diarizer-child";
import { DiarizationError, type DiarizeOptions, type SpeakerDiarizer, type SpeakerTurn } from "./speaker-diarizer";

// sherpa-onnx's offline speaker diarization (pyannote segmentation-3.0 + a speaker-embedding model +
// clustering), one child process per recording: a model it cannot load kills the child, not the worker,
// and comes back as a DiarizationError that quotes sherpa's own words.

// From source the child's TypeScript runs through tsx; from the build its compiled entry lies beside this code.
const isSource = import.meta.url.endsWith(".ts");
const childEntry = fileURLToPath(new URL(`./sherpa-diarizer-child${isSource ? ".ts" : ".js"}`, import.meta.url));
/** Enough of the child's stderr to hold sherpa's reason ("Load model from ... failed: Protobuf parsing failed"). */
const stderrKeptChars = 2000;

export interface SherpaDiarizerOptions {
  segmentationModel: string;
  embeddingModel: string;
  threshold: number;
  /** Threads each model may use (the worker's other job, transcription, has finished by then). */
  numThreads?: number;
  /** Shown on the engines page and in logs. */
  id?: string;
}

export function createSherpaDiarizer(options: SherpaDiarizerOptions): SpeakerDiarizer {
  const running = new Set<ChildProcess>();
  return {
    id: options.id ?? "sherpa-onnx",
    diarize(audio: Float32Array | string, { signal, numSpeakers }: DiarizeOptions = {}) {
      signal?.throwIfAborted();
      const request: DiarizeRequest = {
        segmentationModel: options.segmentationModel,
        embeddingModel: options.embeddingModel,
        threshold: options.threshold,
        numSpeakers,
        numThreads: options.numThreads ?? 2,
        audio,
      };
      return new Promise<SpeakerTurn[]>((resolve, reject) => {
        const child = fork(childEntry, [], {
          execArgv: isSource ? ["--import", "tsx"] : [],
          serialization: "advanced",
          stdio: ["ignore", "ignore", "pipe", "ipc"],
        });
        lowerChildPriority(child);
        running.add(child);
        let stderr = "";
        let reply: DiarizeReply | null = null;
        child.stderr?.setEncoding("utf8");
        child.stderr?.on("data", (text: string) => {
          stderr = (stderr + text).slice(-stderrKeptChars);
        });
        const onAbort = () => child.kill("SIGKILL");
        signal?.addEventListener("abort", onAbort, { once: true });
        child.on("message", (message: DiarizeReply) => {
          reply = message;
        });
        child.on("error", (error) => {
          reply ??= { error: error.message };
        });
        child.on("exit", (code, exitSignal) => {
          running.delete(child);
          signal?.removeEventListener("abort", onAbort);
          if (signal?.aborted) return reject(signal.reason);
          if (reply && "turns" in reply) return resolve(reply.turns);
          const reason = reply?.error ?? (stderr.trim() || `exited with ${exitSignal ?? `code ${code}`}`);
          reject(new DiarizationError(`speaker diarization failed: ${reason}`));
        });
        child.send(request);
      });
    },
    async dispose() {
      for (const child of running) child.kill("SIGKILL");
      running.clear();
    },
  };
}
