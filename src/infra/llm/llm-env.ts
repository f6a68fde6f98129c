import { z } from "zod";

// Which language model writes AI notes and answers ask-AI, and its settings (decision 016). The server's
// env schema spreads this shape in (MODEL_DIR comes from the speech settings: one folder for all weights);
// `createLanguageModel` reads the parsed slice.

const flag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false"])
    .default(fallback)
    .transform((value) => value === "true");

export const llmEnvShape = {
  /**
   * auto: an OpenAI-compatible endpoint when LLM_BASE_URL is set, else a GGUF in MODEL_DIR (or
   * LLM_MODEL_FILE), else the pinned download (LLM_DOWNLOAD, on by default), else none (extractive notes, labelled).
   */
  LLM_ENGINE: z.enum(["auto", "openai", "llama", "none"]).default("auto"),
  /** An OpenAI-compatible server: its origin (`/v1` is added) or its API root (https://api.openai.com, http://127.0.0.1:11434/v1). */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  /** The model name the endpoint knows (an Ollama tag, a vLLM served name...). */
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Tokens the model reads at once (prompt + answer); notes map-reduce sizes its transcript chunks from it. */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1024).max(1_000_000).default(8192),
  /** A local GGUF used as it is: a path, or a file name in MODEL_DIR. */
  LLM_MODEL_FILE: z.string().min(1).optional(),
  /**
   * Download the pinned default GGUF (1.1 GB, Qwen2.5-1.5B-Instruct Q4_K_M) into MODEL_DIR: on first start
   * (MODEL_AUTO_DOWNLOAD) or on first use. On by default since issue 19 (a default install gets real notes);
   * `false` is the opt-out: extractive notes, labelled, unless a GGUF or an endpoint is configured.
   */
  LLM_DOWNLOAD: flag("true"),
  /** Another GGUF to download instead of the default; needs LLM_MODEL_SHA256 (nothing is downloaded unpinned). */
  LLM_MODEL_URL: z.url().optional(),
  LLM_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be a sha256 in hex (64 characters)")
    .optional(),
  /**
   * An OpenAI-compatible `/v1/embeddings` endpoint: ask-AI then finds passages by meaning as well as by
   * words. Unset: full text only. EMBEDDINGS_API_KEY falls back to none (local servers need none).
   */
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).default("text-embedding-3-small"),
  /** Most threads llama.cpp may use; never more than the machine's cores (its default of 4+ is far slower on 2). */
  LLM_THREADS: z.coerce.number().int().min(1).max(256).optional(),
};

/** The parsed language-model settings (a slice of the server's Env). */
export type LlmEnv = z.infer<z.ZodObject<typeof llmEnvShape>>;
