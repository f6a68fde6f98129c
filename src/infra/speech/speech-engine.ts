// The speech engines' one interface (architecture: `transcribe(audio, {language}) -> segments with
// words, times, speaker`). Input is a 16 kHz mono 16-bit WAV file: the pipeline decodes every upload to
// that with ffmpeg first, a file keeps hours of audio out of memory, and every engine (whisper.cpp,
// pocketsphinx, an HTTP endpoint) reads files.

export interface TranscribedWord {
  start: number;
  end: number;
  word: string;
  probability?: number;
}

export interface TranscribedSegment {
  start: number;
  end: number;
  text: string;
  words?: TranscribedWord[];
  speaker?: string;
}

export interface Transcription {
  /** ISO 639-1 code the engine used or detected. */
  language: string;
  durationSeconds: number;
  segments: TranscribedSegment[];
}

export interface SpeechEngine {
  id: string;
  /** Languages it can transcribe, or "any". */
  languages: readonly string[] | "any";
  /**
   * The languages a person may choose in the spoken-language menus, when fewer than `languages` are sure
   * to work (an engine that may still fall back to another one); `languages` when absent.
   */
  readonly selectableLanguages?: readonly string[] | "any";
  hasWordTimes: boolean;
  /** `language` undefined or "auto" lets the engine detect it. */
  transcribe(wavPath: string, options: { language?: string; signal?: AbortSignal }): Promise<Transcription>;
}

export type SpeechErrorCode = "LANGUAGE_NOT_SUPPORTED" | "NO_SPEECH" | "ENGINE_UNAVAILABLE" | "BAD_AUDIO" | "ENGINE_FAILED";

export class SpeechEngineError extends Error {
  override name = "SpeechEngineError";
  constructor(
    readonly code: SpeechErrorCode,
    /** Worth another attempt (a network error, a busy server), as opposed to a property of the audio. */
    readonly isRetryable: boolean,
    message: string = code,
  ) {
    super(message);
  }
}

/** What the spoken-language menus may offer for this engine (see `selectableLanguages`). */
export function selectableLanguagesOf(engine: SpeechEngine): readonly string[] | "any" {
  return engine.selectableLanguages ?? engine.languages;
}
