import { stat } from "node:fs/promises";
import path from "node:path";
import type { SpeechEnv } from "../speech/speech-env";
import type { LanguageModel } from "./language-model";
import { LanguageModelError } from "./language-model-error";
import { createLlamaModel, type LlamaModelLogger } from "./llama-model";
import {
  customLlamaModel,
  defaultLlamaModel,
  findModelInDir,
  type LlamaModelSource,
  operatorModelPath,
  type ResolveLlamaModelOptions,
  resolvePinnedLlamaModel,
} from "./llama-model-files";
import type { LlmEnv } from "./llm-env";
import { createOpenAiChatModel } from "./openai-chat-model";

// Picks the language model from the settings (decision 016). "auto" prefers, in order: an OpenAI-compatible
// endpoint the operator configured (they asked for it; the best quality), a GGUF already on disk
// (LLM_MODEL_FILE, or one in MODEL_DIR), the pinned default downloaded on first use when LLM_DOWNLOAD=true,
// and otherwise none: null, and the callers write extractive notes labelled as such. Nothing is loaded or
// downloaded here; the local model does both on its first call.

export type LanguageModelConfig = Pick<
  LlmEnv,
  | "LLM_ENGINE"
  | "LLM_BASE_URL"
  | "LLM_API_KEY"
  | "LLM_MODEL"
  | "LLM_CONTEXT_TOKENS"
  | "LLM_MODEL_FILE"
  | "LLM_DOWNLOAD"
  | "LLM_MODEL_URL"
  | "LLM_MODEL_SHA256"
  | "LLM_THREADS"
> &
  Pick<SpeechEnv, "MODEL_DIR">;

/** The part of pino's Logger this uses. */
export interface LanguageModelLogger extends LlamaModelLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface CreateLanguageModelOptions {
  logger?: LanguageModelLogger;
  /** Download network overrides (tests reach a server on 127.0.0.1); production passes none. */
  network?: ResolveLlamaModelOptions["network"];
  /** The SDK's retries for the HTTP engine (tests pass 0). */
  maxRetries?: number;
}

export async function createLanguageModel(
  config: LanguageModelConfig,
  options: CreateLanguageModelOptions = {},
): Promise<LanguageModel | null> {
  const { model, reason } = await choose(config, options);
  options.logger?.info({ languageModel: model?.id ?? "none", reason }, "language model chosen");
  return model;
}

async function choose(
  config: LanguageModelConfig,
  options: CreateLanguageModelOptions,
): Promise<{ model: LanguageModel | null; reason: string }> {
  const openAi = (baseUrl: string) =>
    createOpenAiChatModel({
      baseUrl,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      contextTokens: config.LLM_CONTEXT_TOKENS,
      maxRetries: options.maxRetries,
    });
  const llamaFrom = (fileName: string, resolvePath: (signal?: AbortSignal) => Promise<string>) =>
    createLlamaModel({
      fileName,
      resolvePath,
      maxThreads: config.LLM_THREADS,
      contextTokens: config.LLM_CONTEXT_TOKENS,
      logger: options.logger,
    });
  const pinned = (source: LlamaModelSource) =>
    llamaFrom(source.fileName, (signal) =>
      resolvePinnedLlamaModel({ modelDir: config.MODEL_DIR, source, allowDownload: config.LLM_DOWNLOAD, network: options.network, signal }),
    );
  const asIs = (file: string) =>
    llamaFrom(file, async () => {
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) throw new LanguageModelError("unavailable", `the language model file ${file} is missing`);
      return file;
    });
  const source = downloadSource(config);

  switch (config.LLM_ENGINE) {
    case "none":
      return { model: null, reason: "LLM_ENGINE=none" };
    case "openai":
      if (!config.LLM_BASE_URL)
        throw new LanguageModelError("unavailable", "LLM_ENGINE=openai needs LLM_BASE_URL (and LLM_API_KEY where the server wants one)");
      return { model: openAi(config.LLM_BASE_URL), reason: "LLM_ENGINE=openai" };
    case "llama": {
      // Chosen explicitly: a missing file is reported on the first call, with what to do.
      if (config.LLM_MODEL_FILE)
        return { model: asIs(operatorModelPath(config.MODEL_DIR, config.LLM_MODEL_FILE)), reason: "LLM_ENGINE=llama, LLM_MODEL_FILE" };
      const present = await findModelInDir(config.MODEL_DIR);
      if (present && path.basename(present) !== source.fileName)
        return { model: asIs(present), reason: "LLM_ENGINE=llama, GGUF in MODEL_DIR" };
      return { model: pinned(source), reason: "LLM_ENGINE=llama, pinned model" };
    }
    case "auto": {
      if (config.LLM_BASE_URL) return { model: openAi(config.LLM_BASE_URL), reason: "LLM_BASE_URL is set" };
      if (config.LLM_MODEL_FILE)
        return { model: asIs(operatorModelPath(config.MODEL_DIR, config.LLM_MODEL_FILE)), reason: "LLM_MODEL_FILE is set" };
      const present = await findModelInDir(config.MODEL_DIR);
      if (present) {
        // The pinned file is checked against its sha256 before loading; any other GGUF is the operator's choice.
        const isPinned = path.basename(present) === source.fileName;
        return { model: isPinned ? pinned(source) : asIs(present), reason: "GGUF present in MODEL_DIR" };
      }
      if (config.LLM_DOWNLOAD) return { model: pinned(source), reason: "pinned GGUF downloads on first use" };
      return { model: null, reason: "no endpoint, no GGUF in MODEL_DIR, LLM_DOWNLOAD off: extractive notes" };
    }
  }
}

/** The pinned download: LLM_MODEL_URL + LLM_MODEL_SHA256 when given (both or neither), else the default. */
function downloadSource(config: LanguageModelConfig): LlamaModelSource {
  if (config.LLM_MODEL_URL && config.LLM_MODEL_SHA256) return customLlamaModel(config.LLM_MODEL_URL, config.LLM_MODEL_SHA256);
  if (config.LLM_MODEL_URL || config.LLM_MODEL_SHA256) {
    throw new LanguageModelError("unavailable", "LLM_MODEL_URL and LLM_MODEL_SHA256 go together: a model is never downloaded unpinned");
  }
  return defaultLlamaModel;
}
