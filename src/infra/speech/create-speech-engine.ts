import { stat } from "node:fs/promises";
import path from "node:path";
import { withFallback } from "./fallback-engine";
import { createOpenAiCompatibleEngine } from "./openai-compatible-engine";
import { createPocketsphinxEngine, isPocketsphinxAvailable, type PocketsphinxOptions } from "./pocketsphinx-engine";
import { type SpeechEngine, SpeechEngineError } from "./speech-engine";
import type { SpeechEnv } from "./speech-env";
import { createWhisperCppEngine, type WhisperCppOptions } from "./whisper-cpp-engine";
import { whisperModelFiles } from "./whisper-model-files";

// Picks the engine from the settings (decision 014). "auto" prefers, in order: an OpenAI-compatible
// endpoint the operator configured (they asked for it; best quality), whisper.cpp in-process (good,
// multilingual, private; its model present or downloadable), pocketsphinx (English only, low quality, but
// a Debian package away), and otherwise an engine that explains what to configure. Nothing is loaded or
// downloaded here: whisper.cpp fetches its model on the first transcription.

/** The part of pino's Logger this uses. */
export interface SpeechEngineLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface CreateSpeechEngineOptions {
  logger?: SpeechEngineLogger;
  /** Where pocketsphinx is (tests point it at a missing binary). */
  pocketsphinx?: PocketsphinxOptions;
  /** Extra whisper.cpp settings (threads; download rules in tests). */
  whisperCpp?: Partial<Omit<WhisperCppOptions, "modelDir" | "fileName" | "allowDownload">>;
}

type Config = Pick<
  SpeechEnv,
  | "SPEECH_ENGINE"
  | "MODEL_DIR"
  | "WHISPER_CPP_MODEL"
  | "WHISPER_CPP_DOWNLOAD"
  | "OPENAI_AUDIO_BASE_URL"
  | "OPENAI_AUDIO_API_KEY"
  | "OPENAI_AUDIO_MODEL"
  | "SPEECH_LANGUAGES"
>;

const howToConfigure =
  "no speech engine is configured: set OPENAI_AUDIO_BASE_URL (and OPENAI_AUDIO_API_KEY) for an OpenAI-compatible server, " +
  "put a whisper.cpp model in MODEL_DIR (or allow WHISPER_CPP_DOWNLOAD on a machine with internet), " +
  "or install pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us) for English";

export async function createSpeechEngine(config: Config, options: CreateSpeechEngineOptions = {}): Promise<SpeechEngine> {
  const { engine, reason } = await choose(config, options);
  options.logger?.info({ engine: engine.id, reason }, "speech engine chosen");
  return engine;
}

async function choose(config: Config, options: CreateSpeechEngineOptions): Promise<{ engine: SpeechEngine; reason: string }> {
  const openAi = () =>
    config.OPENAI_AUDIO_BASE_URL
      ? createOpenAiCompatibleEngine({
          baseUrl: config.OPENAI_AUDIO_BASE_URL,
          model: config.OPENAI_AUDIO_MODEL,
          apiKey: config.OPENAI_AUDIO_API_KEY,
          languages: config.SPEECH_LANGUAGES,
        })
      : null;
  const whisperCpp = () =>
    createWhisperCppEngine({
      ...options.whisperCpp,
      modelDir: config.MODEL_DIR,
      fileName: config.WHISPER_CPP_MODEL,
      allowDownload: config.WHISPER_CPP_DOWNLOAD,
    });
  const pocketsphinx = async () =>
    (await isPocketsphinxAvailable(options.pocketsphinx)) ? createPocketsphinxEngine(options.pocketsphinx) : null;

  switch (config.SPEECH_ENGINE) {
    case "openai": {
      const engine = openAi();
      return engine
        ? { engine, reason: "SPEECH_ENGINE=openai" }
        : { engine: unavailableEngine("SPEECH_ENGINE=openai needs OPENAI_AUDIO_BASE_URL"), reason: "OPENAI_AUDIO_BASE_URL missing" };
    }
    case "whisper-cpp":
      // Chosen explicitly: a missing model is reported on the first transcription, with the reason.
      return { engine: whisperCpp(), reason: "SPEECH_ENGINE=whisper-cpp" };
    case "pocketsphinx": {
      const engine = await pocketsphinx();
      return engine
        ? { engine, reason: "SPEECH_ENGINE=pocketsphinx" }
        : {
            engine: unavailableEngine(
              "SPEECH_ENGINE=pocketsphinx but it is not installed: apt-get install pocketsphinx pocketsphinx-en-us",
            ),
            reason: "pocketsphinx missing",
          };
    }
    case "auto": {
      const endpoint = openAi();
      if (endpoint) return { engine: endpoint, reason: "OPENAI_AUDIO_BASE_URL is set" };
      const isPresent = await stat(path.join(config.MODEL_DIR, config.WHISPER_CPP_MODEL)).then(
        (file) => file.isFile(),
        () => false,
      );
      if (isPresent) return { engine: whisperCpp(), reason: "whisper.cpp model present in MODEL_DIR" };
      const fallback = await pocketsphinx();
      // Only a file with a pinned checksum can be downloaded.
      if (config.WHISPER_CPP_DOWNLOAD && whisperModelFiles[config.WHISPER_CPP_MODEL]) {
        if (!fallback) return { engine: whisperCpp(), reason: "whisper.cpp model downloads on first use" };
        const engine = withFallback(whisperCpp(), fallback, (error) =>
          options.logger?.info({ engine: fallback.id, reason: error.message }, "whisper.cpp could not start; using pocketsphinx"),
        );
        return { engine, reason: "whisper.cpp model downloads on first use; pocketsphinx if that fails" };
      }
      if (fallback) return { engine: fallback, reason: "pocketsphinx installed (English only)" };
      return { engine: unavailableEngine(howToConfigure), reason: "nothing available" };
    }
  }
}

/** Stands in when nothing can transcribe: every job fails with a message an operator can act on. */
function unavailableEngine(message: string): SpeechEngine {
  return {
    id: "unavailable",
    languages: [],
    hasWordTimes: false,
    async transcribe() {
      throw new SpeechEngineError("ENGINE_UNAVAILABLE", false, message);
    },
  };
}
