import { mkdir } from "node:fs/promises";
import path from "node:path";
import { decodeToWav16kMono, probeMedia } from "~/infra/media/ffmpeg";
import { isEngineReadyWav, readWavInfo, sliceWav } from "~/infra/media/wav-file";
import type { SpeechEngine, TranscribedSegment, Transcription } from "~/infra/speech/speech-engine";
import { planSettledChunks, type TimeRange } from "~/infra/vad/plan-chunks";
import { detectSpeech } from "~/infra/vad/silero-vad";

// Media -> transcript, the part of the pipeline the benchmark measures against the bare engine:
// probe -> decode to 16 kHz mono -> voice activity -> transcribe each chunk -> one timeline.
// Long audio is cut in silences into chunks; each finished chunk is saved through `checkpoints`, so a
// worker killed mid-way resumes at the first unfinished chunk instead of starting over.

/** Ten minutes keeps a chunk under the 25 MB a hosted /v1/audio/transcriptions accepts (19.2 MB of PCM). */
export const defaultChunkSeconds = 600;
/**
 * The first chunk of long audio is held to about a minute: it settles once voice detection has heard
 * ~60 s, so the engine starts then instead of after a whole ten-minute chunk of listening (issue 22).
 */
export const defaultFirstChunkSeconds = 60;
/** Speech edges the VAD cuts tightly; a little context keeps the first and last words whole. */
const paddingSeconds = 0.3;

export interface ChunkCheckpoints {
  load(index: number, fingerprint: string): Promise<Transcription | null>;
  save(index: number, fingerprint: string, transcription: Transcription): Promise<void>;
}

export type TranscribeStage = "probe" | "decode" | "voice" | "transcribe";

export interface TranscribeMediaInput {
  inputPath: string;
  /** A private folder for the decoded audio and chunk files (the caller removes it). */
  scratchDir: string;
  engine: SpeechEngine;
  /** ISO 639-1, or null to let the engine detect (English-only engines assume English). */
  language: string | null;
  checkpoints?: ChunkCheckpoints;
  /** Longest chunk sent to the engine (default ten minutes). */
  maxChunkSeconds?: number;
  /** Longest first chunk of audio longer than one chunk (default a minute; the benchmark compares). */
  firstChunkSeconds?: number;
  signal?: AbortSignal;
  /** 0..1 through the whole job; called after each step and chunk. */
  onProgress?: (fraction: number, stage: TranscribeStage) => Promise<void> | void;
  /** Told as soon as the probe knows the length (the note shows it while transcribing). */
  onDuration?: (seconds: number) => Promise<void> | void;
}

export type MediaTranscript =
  | {
      kind: "speech";
      transcription: Transcription;
      mediaSeconds: number;
      /** The 16 kHz mono WAV it heard (in scratchDir, or the input itself): speaker diarization reads it next. */
      wavPath: string;
    }
  | { kind: "noSpeech"; mediaSeconds: number };

function languageFor(engine: SpeechEngine, language: string | null): string | undefined {
  if (language) return language;
  // An English-only engine cannot detect; asking it to would fail for nothing.
  return engine.languages !== "any" && engine.languages.length === 1 ? engine.languages[0] : undefined;
}

function shift(segments: readonly TranscribedSegment[], offset: number): TranscribedSegment[] {
  return segments.map((segment) => ({
    ...segment,
    start: segment.start + offset,
    end: segment.end + offset,
    words: segment.words?.map((word) => ({ ...word, start: word.start + offset, end: word.end + offset })),
  }));
}

/** The input as a 16 kHz mono WAV: the file itself when it already is one, else decoded by ffmpeg. */
async function engineReadyWav(input: TranscribeMediaInput): Promise<string> {
  if (await isEngineReadyWav(input.inputPath)) return input.inputPath;
  const probe = await probeMedia(input.inputPath, input.signal);
  // The note shows the length while the file decodes (told, not waited for: decoding starts now).
  const told = probe.durationSeconds === null ? undefined : input.onDuration?.(probe.durationSeconds);
  const wavPath = path.join(input.scratchDir, "audio.wav");
  await Promise.all([decodeToWav16kMono(input.inputPath, wavPath, { signal: input.signal, probe }), told]);
  return wavPath;
}

export async function transcribeMedia(input: TranscribeMediaInput): Promise<MediaTranscript> {
  const { engine, signal, scratchDir } = input;
  const report = input.onProgress ?? (() => {});
  await mkdir(scratchDir, { recursive: true });
  const wavPath = await engineReadyWav(input);
  const { durationSeconds } = await readWavInfo(wavPath);
  // Written while the engine starts rather than before it: each is a database write and an event.
  const noted = (async () => {
    await input.onDuration?.(durationSeconds);
    await report(0.05, "decode");
  })();
  const language = languageFor(engine, input.language);
  const maxChunkSeconds = input.maxChunkSeconds ?? defaultChunkSeconds;
  const firstChunkSeconds = input.firstChunkSeconds ?? defaultFirstChunkSeconds;
  if (durationSeconds <= maxChunkSeconds) return transcribeWhole(input, { wavPath, durationSeconds, language, noted });
  // Chunks are cut as the VAD finds the silences: the engine starts on the first chunk while the VAD
  // is still listening to the rest (decision 014, benchmark).
  const stopListening = new AbortController();
  const listening = listenAhead(wavPath, signal ? AbortSignal.any([signal, stopListening.signal]) : stopListening.signal);
  const segments: TranscribedSegment[] = [];
  let detected: string | null = language ?? null;
  try {
    await noted;
    for (let index = 0; ; ) {
      if (listening.failure) throw listening.failure.error;
      // Only settled chunks: the same plan whenever the VAD's regions arrive (a resumed job finds its checkpoints).
      const plan = planSettledChunks(
        listening.regions,
        { maxChunkSeconds, paddingSeconds, durationSeconds, firstChunkSeconds },
        { isComplete: listening.isDone },
      );
      const chunk = plan[index];
      if (!chunk) {
        if (listening.isDone) break;
        await listening.more();
        continue;
      }
      signal?.throwIfAborted();
      const fingerprint = `${engine.id}|${language ?? "auto"}|${chunk.start.toFixed(3)}-${chunk.end.toFixed(3)}`;
      let result = await input.checkpoints?.load(index, fingerprint);
      let saving: Promise<void> | undefined;
      if (!result) {
        const chunkPath = path.join(scratchDir, `chunk-${index}.wav`);
        await sliceWav(wavPath, chunkPath, chunk);
        result = await engine.transcribe(chunkPath, { language, signal });
        saving = input.checkpoints?.save(index, fingerprint, result);
      }
      // The first chunk's detected language decides for the rest (a meeting keeps its language).
      detected ??= result.language;
      segments.push(...shift(result.segments, chunk.start));
      index += 1;
      // The checkpoint and the progress written at once: the engine waits for both before its next chunk.
      await Promise.all([saving, report(0.1 + 0.85 * (chunk.end / durationSeconds), "transcribe")]);
    }
  } finally {
    stopListening.abort(new Error("transcription ended"));
    await listening.settled;
  }
  if (listening.regions.length === 0) return { kind: "noSpeech", mediaSeconds: durationSeconds };
  return finished(segments, detected, durationSeconds, wavPath);
}

interface Listening {
  /** Speech regions found so far, in order. */
  regions: TimeRange[];
  isDone: boolean;
  failure: { error: unknown } | null;
  /** Resolves when a region is found or the VAD ends. */
  more(): Promise<void>;
  /** Resolves when the VAD has stopped, however it stopped. */
  settled: Promise<void>;
}

function listenAhead(wavPath: string, signal: AbortSignal): Listening {
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const listening: Listening = {
    regions: [],
    isDone: false,
    failure: null,
    more: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      }),
    settled: Promise.resolve(),
  };
  listening.settled = detectSpeech(wavPath, {
    signal,
    onRegion: (region) => {
      listening.regions.push(region);
      notify();
    },
  }).then(
    () => {
      listening.isDone = true;
      notify();
    },
    (error: unknown) => {
      listening.isDone = true;
      listening.failure = { error };
      notify();
    },
  );
  return listening;
}

/**
 * Audio that fits one chunk goes to the engine whole while the VAD listens to it at the same time: the
 * engine is the slow part, so the VAD costs next to nothing in wall time. No speech stops the engine and
 * wins over whatever it said (Whisper invents words in silence). The VAD stops at the first speech it
 * hears: that settles the question, and the rest of the file would only take CPU from the engine.
 */
async function transcribeWhole(
  input: TranscribeMediaInput,
  {
    wavPath,
    durationSeconds,
    language,
    noted,
  }: { wavPath: string; durationSeconds: number; language: string | undefined; noted: Promise<void> },
): Promise<MediaTranscript> {
  const { engine, signal } = input;
  const fingerprint = `${engine.id}|${language ?? "auto"}|whole`;
  const saved = await input.checkpoints?.load(0, fingerprint);
  const stopEngine = new AbortController();
  const engineSignal = signal ? AbortSignal.any([signal, stopEngine.signal]) : stopEngine.signal;
  const transcribing = saved ? Promise.resolve(saved) : engine.transcribe(wavPath, { language, signal: engineSignal });
  // Observed now so an engine failure after a no-speech verdict is not an unhandled rejection.
  const outcome = transcribing.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const voice = await Promise.all([noted, detectSpeech(wavPath, { signal, untilFirstRegion: true })])
    .then(([, regions]) => regions)
    .catch((error: unknown) => {
      stopEngine.abort(error);
      throw error;
    });
  if (voice.speech.length === 0) {
    stopEngine.abort(new Error("no speech"));
    await outcome;
    return { kind: "noSpeech", mediaSeconds: durationSeconds };
  }
  await input.onProgress?.(0.1, "voice");
  const settled = await outcome;
  if ("error" in settled) throw settled.error;
  // Both writes at once: the transcript's own writes wait for them.
  await Promise.all([saved ? undefined : input.checkpoints?.save(0, fingerprint, settled.result), input.onProgress?.(0.95, "transcribe")]);
  return finished(settled.result.segments, settled.result.language, durationSeconds, wavPath);
}

function finished(
  segments: readonly TranscribedSegment[],
  language: string | null,
  durationSeconds: number,
  wavPath: string,
): MediaTranscript {
  const spoken = segments.filter((segment) => segment.text.trim().length > 0);
  if (spoken.length === 0) return { kind: "noSpeech", mediaSeconds: durationSeconds };
  return {
    kind: "speech",
    transcription: { language: language ?? "en", durationSeconds, segments: spoken },
    mediaSeconds: durationSeconds,
    wavPath,
  };
}
