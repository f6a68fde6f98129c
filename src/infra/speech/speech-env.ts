import { z } from "zod";

// Which speech engine transcribes, and its settings (decision 014). The server's env schema spreads this
// shape in; `createSpeechEngine` reads the parsed slice.

export const speechEnvShape = {
  /** auto: an OpenAI-compatible endpoint when configured, else whisper.cpp, else pocketsphinx (decision 014). */
  SPEECH_ENGINE: z.enum(["auto", "whisper-cpp", "pocketsphinx", "openai"]).default("auto"),
  /** Where whisper.cpp's ggml files live (downloaded there on first use when allowed). */
  MODEL_DIR: z.string().min(1).default("./data/models"),
  /** A file name from the pinned table in whisper-model-files.ts, or one the operator puts in MODEL_DIR. */
  WHISPER_CPP_MODEL: z.string().min(1).default("ggml-base-q5_1.bin"),
  /** Fetch the pinned model from Hugging Face on the first transcription when it is not in MODEL_DIR. */
  WHISPER_CPP_DOWNLOAD: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Base URL of an OpenAI-compatible server (https://api.openai.com, or a local one); the engine posts to /v1/audio/transcriptions. */
  OPENAI_AUDIO_BASE_URL: z.url().optional(),
  OPENAI_AUDIO_API_KEY: z.string().min(1).optional(),
  OPENAI_AUDIO_MODEL: z.string().min(1).default("whisper-1"),
  /**
   * What the OpenAI-compatible endpoint's model can transcribe: `any`, or ISO 639-1 codes (`en,es,pt`).
   * Unset: English only for a Whisper `.en` model, else any. The spoken-language menus offer this.
   */
  SPEECH_LANGUAGES: z
    .string()
    .trim()
    .regex(/^(any|[a-z]{2,3}(\s*,\s*[a-z]{2,3})*)$/, "any, or comma-separated ISO 639-1 codes such as en,es,pt")
    .optional()
    .transform((value): readonly string[] | "any" | undefined =>
      value === undefined || value === "any" ? value : value.split(",").map((code) => code.trim()),
    ),
};

/** The parsed speech settings (a slice of the server's Env). */
export type SpeechEnv = z.infer<z.ZodObject<typeof speechEnvShape>>;
