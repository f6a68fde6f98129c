import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { languageCodeOf } from "./language-names";
import { type SpeechEngine, SpeechEngineError, type TranscribedSegment, type Transcription } from "./speech-engine";

// Any OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, a local faster-whisper or whisper.cpp
// server, vLLM...): verbose_json with segment and word timestamps.

const verboseJson = z.object({
  text: z.string(),
  language: z.string().optional(),
  duration: z.number().optional(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional(),
});

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** No answer within this many milliseconds counts as a retryable failure. */
  timeoutMs?: number;
  /**
   * What the model behind the endpoint can transcribe (SPEECH_LANGUAGES); by default English only for a
   * Whisper `.en` model (tiny.en, Systran/faster-whisper-base.en), else any language.
   */
  languages?: readonly string[] | "any";
}

/** Whisper's English-only checkpoints end in `.en`, whoever serves them. */
export function languagesOfModelName(model: string): readonly string[] | "any" {
  return /\.en$/i.test(model.trim()) ? ["en"] : "any";
}

export function createOpenAiCompatibleEngine({
  baseUrl,
  model,
  apiKey,
  timeoutMs = 10 * 60_000,
  languages = languagesOfModelName(model),
}: OpenAiCompatibleOptions): SpeechEngine {
  return {
    id: `openai-compatible:${model}`,
    languages,
    hasWordTimes: true,
    async transcribe(wavPath, { language, signal }) {
      const requested = language && language !== "auto" ? language : undefined;
      // Asked for a language the model cannot do: say so without sending the audio.
      if (requested && languages !== "any" && !languages.includes(requested.toLowerCase().split(/[-_]/)[0] ?? requested))
        throw new SpeechEngineError("LANGUAGE_NOT_SUPPORTED", false, `${model} does not transcribe ${requested}`);
      const form = new FormData();
      form.set("model", model);
      form.set("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
      form.append("timestamp_granularities[]", "segment");
      if (language && language !== "auto") form.set("language", language);
      form.set("file", new Blob([await readFile(wavPath)], { type: "audio/wav" }), path.basename(wavPath));
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(new URL("/v1/audio/transcriptions", baseUrl), {
          method: "POST",
          body: form,
          headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new SpeechEngineError("ENGINE_FAILED", true, `transcription endpoint unreachable: ${(error as Error).message}`);
      }
      const body = await response.text();
      if (!response.ok) throw httpError(response.status, body);
      let parsed: z.infer<typeof verboseJson>;
      try {
        parsed = verboseJson.parse(JSON.parse(body));
      } catch {
        throw new SpeechEngineError("ENGINE_FAILED", false, "the transcription endpoint answered something other than verbose_json");
      }
      return toTranscription(parsed, language);
    },
  };
}

function httpError(status: number, body: string): SpeechEngineError {
  if (status === 429 || status >= 500) return new SpeechEngineError("ENGINE_FAILED", true, `HTTP ${status}`);
  if (status === 401 || status === 403) return new SpeechEngineError("ENGINE_UNAVAILABLE", false, `HTTP ${status}: check the API key`);
  if (/language/i.test(body)) return new SpeechEngineError("LANGUAGE_NOT_SUPPORTED", false, body.slice(0, 300));
  if (/audio|file|decode/i.test(body)) return new SpeechEngineError("BAD_AUDIO", false, body.slice(0, 300));
  return new SpeechEngineError("ENGINE_FAILED", false, `HTTP ${status}: ${body.slice(0, 300)}`);
}

function toTranscription(answer: z.infer<typeof verboseJson>, requested: string | undefined): Transcription {
  const words = answer.words ?? [];
  const segments: TranscribedSegment[] = (answer.segments ?? []).map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text.trim(),
    // A word belongs to the segment its middle falls in.
    words: words
      .filter((word) => {
        const middle = (word.start + word.end) / 2;
        return middle >= segment.start && middle < segment.end;
      })
      .map((word) => ({ start: word.start, end: word.end, word: word.word.trim() })),
  }));
  if (segments.length === 0 && answer.text.trim()) {
    segments.push({ start: 0, end: answer.duration ?? 0, text: answer.text.trim() });
  }
  // What the engine identified wins (auto); else what was asked for; "und" when neither is known.
  const language = languageCodeOf(answer.language) ?? (requested && requested !== "auto" ? requested : "und");
  return { language, durationSeconds: answer.duration ?? segments[segments.length - 1]?.end ?? 0, segments };
}
