import { availableParallelism } from "node:os";
import path from "node:path";
// Types only: node-llama-cpp takes ~0.5 s to import, so it loads with the model, not with the process (issue 22).
import type {
  ChatHistoryItem,
  GbnfJsonSchema,
  Llama,
  LlamaChatSession,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
} from "node-llama-cpp";
import type { ChatMessage, GenerateJsonInput, LanguageModel, StreamTextInput } from "./language-model";
import { LanguageModelError } from "./language-model-error";
import { SerialQueue } from "./serial-queue";
import { TextChunkQueue } from "./text-chunk-queue";

// A local GGUF through node-llama-cpp (decision 016). Loaded on the first call, once; one context with one
// sequence, so calls run one after another (a second job waits instead of fighting over the same memory
// and cores). JSON answers are constrained by a grammar made from the JSON schema; node-llama-cpp reuses
// the evaluated prompt prefix between calls (the same system prompt is not read twice).

/** The part of pino's Logger this uses. */
export interface LlamaModelLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface LlamaModelOptions {
  /** Shown in the id (`llama:<file name>`) before the path is resolved. */
  fileName: string;
  /** The GGUF's path, on first use (the pinned download may run here). */
  resolvePath: (signal?: AbortSignal) => Promise<string>;
  /** LLM_THREADS: at most this many threads; never more than the machine has (see llamaThreads). */
  maxThreads?: number;
  /** LLM_CONTEXT_TOKENS; the model's own training context caps it. */
  contextTokens: number;
  logger?: LlamaModelLogger;
}

export interface LlamaLanguageModel extends LanguageModel {
  /** Threads every evaluation uses (the cap above). */
  readonly threads: number;
}

/**
 * Threads for llama.cpp: min(cores, LLM_THREADS). node-llama-cpp otherwise takes at least 4, which on a
 * 2-core machine made generation 100-300x slower (models README); every call passes this explicitly.
 */
export function llamaThreads(maxThreads?: number): number {
  const cores = availableParallelism();
  return Math.max(1, Math.min(cores, maxThreads ?? cores));
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

/** Tokens a chat template adds around each message (role markers, separators); a generous estimate. */
const templateTokensPerMessage = 8;

export function createLlamaModel(options: LlamaModelOptions): LlamaLanguageModel {
  const threads = llamaThreads(options.maxThreads);
  const queue = new SerialQueue();
  /** Ends every call in flight when the model closes. */
  const closing = new AbortController();
  let loaded: Promise<Loaded> | null = null;
  let isClosed = false;
  let contextTokens = options.contextTokens;

  const load = (signal: AbortSignal): Promise<Loaded> => {
    loaded ??= open(signal).catch((error: unknown) => {
      loaded = null; // the operator may fix the file; the next call tries again
      throw error;
    });
    return loaded;
  };

  async function open(signal: AbortSignal): Promise<Loaded> {
    const modelPath = await options.resolvePath(signal);
    // llama.cpp says why a file does not load only in its log ("tensor ... is not within the file bounds").
    let lastError = "";
    const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
    const llama = await getLlama({
      gpu: "auto", // CUDA/Vulkan/Metal when the machine has one; otherwise the CPU build, silently
      build: "never", // building llama.cpp from source needs the network and minutes: fail instead
      maxThreads: threads,
      logLevel: LlamaLogLevel.warn,
      logger: (level, message) => {
        if (level === LlamaLogLevel.error) lastError = message.trim();
        if (level === LlamaLogLevel.error || level === LlamaLogLevel.warn)
          options.logger?.warn({ level, message: message.trim() }, "llama.cpp");
      },
    });
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath });
    } catch (error) {
      await llama.dispose();
      const detail = [(error as Error).message, lastError].filter(Boolean).join("; ");
      throw new LanguageModelError("unavailable", `could not load the language model ${modelPath}: ${detail}`, { cause: error });
    }
    try {
      const context = await model.createContext({
        contextSize: Math.min(options.contextTokens, model.trainContextSize),
        threads,
        sequences: 1,
      });
      contextTokens = context.contextSize;
      return { llama, model, context, sequence: context.getSequence() };
    } catch (error) {
      await model.dispose();
      await llama.dispose();
      throw new LanguageModelError(
        "unavailable",
        `could not create a ${options.contextTokens}-token context for ${modelPath}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  /** Runs `work` alone on the sequence, with a chat session holding `messages` but the last. */
  async function withSession<T>(
    messages: ChatMessage[],
    maxTokens: number | undefined,
    callerSignal: AbortSignal | undefined,
    work: (session: LlamaChatSession, prompt: string, signal: AbortSignal, loaded: Loaded) => Promise<T>,
  ): Promise<T> {
    if (isClosed) throw new LanguageModelError("unavailable", "the language model was closed");
    const signal = callerSignal ? AbortSignal.any([callerSignal, closing.signal]) : closing.signal;
    const last = messages[messages.length - 1];
    if (last?.role !== "user") throw new LanguageModelError("bad_request", "the last message must be the user's");
    const release = await queue.acquire(signal).catch((error: unknown) => {
      throw toLlamaError(error, signal);
    });
    try {
      const ready = await load(signal);
      await checkFits(ready.model, messages, maxTokens);
      const { LlamaChatSession } = await import("node-llama-cpp");
      const session = new LlamaChatSession({ contextSequence: ready.sequence, autoDisposeSequence: false });
      try {
        session.setChatHistory(messages.slice(0, -1).map(toHistoryItem));
        return await work(session, last.content, signal, ready);
      } finally {
        session.dispose({ disposeSequence: false });
      }
    } catch (error) {
      throw toLlamaError(error, signal);
    } finally {
      release();
    }
  }

  /** Refuses a prompt that does not fit, instead of node-llama-cpp's context shift dropping part of it silently. */
  async function checkFits(model: LlamaModel, messages: ChatMessage[], maxTokens: number | undefined): Promise<void> {
    const promptTokens = messages.reduce((sum, message) => sum + model.tokenize(message.content).length + templateTokensPerMessage, 0);
    const needed = promptTokens + (maxTokens ?? 1);
    if (needed > contextTokens) {
      throw new LanguageModelError(
        "too_long",
        `the prompt (${promptTokens} tokens) and answer (${maxTokens ?? 1}) exceed the model's ${contextTokens}-token context`,
      );
    }
  }

  return {
    id: `llama:${path.basename(options.fileName)}`,
    threads,
    get contextTokens() {
      return contextTokens;
    },

    generateJson({ messages, schema, maxTokens, signal }: GenerateJsonInput): Promise<unknown> {
      return withSession(messages, maxTokens, signal, async (session, prompt, abort, ready) => {
        let grammar: LlamaGrammar;
        try {
          grammar = await ready.llama.createGrammarForJsonSchema<GbnfJsonSchema>(schema as unknown as GbnfJsonSchema);
        } catch (error) {
          throw new LanguageModelError("bad_request", `the JSON schema cannot be turned into a grammar: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const answer = await session.promptWithMeta(prompt, { grammar, maxTokens, signal: abort });
        if (answer.stopReason === "maxTokens") {
          throw new LanguageModelError("cut_off", `the answer was cut off at the token limit (${maxTokens})`);
        }
        try {
          // JSON.parse, not grammar.parse: the grammar already shaped the text, and node-llama-cpp's own
          // validator rejects valid answers to schemas it drew fine (anyOf with null). The caller's zod decides.
          return JSON.parse(answer.responseText);
        } catch (error) {
          throw new LanguageModelError("bad_output", `the model's answer is not the JSON asked for: ${answer.responseText.slice(0, 200)}`, {
            cause: error,
          });
        }
      });
    },

    async *streamText({ messages, maxTokens, signal }: StreamTextInput): AsyncIterable<string> {
      const chunks = new TextChunkQueue();
      // Stops generating when the reader stops reading (breaks out of its loop).
      const stopped = new AbortController();
      const done = withSession(
        messages,
        maxTokens,
        signal ? AbortSignal.any([signal, stopped.signal]) : stopped.signal,
        (session, prompt, abort) => session.prompt(prompt, { maxTokens, signal: abort, onTextChunk: (text) => chunks.push(text) }),
      ).then(
        () => chunks.end(),
        (error: unknown) => chunks.fail(error),
      );
      try {
        yield* chunks;
      } finally {
        stopped.abort();
        await done;
      }
    },

    async close() {
      isClosed = true;
      closing.abort();
      const release = await queue.acquire();
      try {
        const ready = await loaded?.catch(() => null);
        loaded = null;
        if (ready) {
          await ready.context.dispose();
          await ready.model.dispose();
          await ready.llama.dispose();
        }
      } finally {
        release();
      }
    },
  };
}

function toHistoryItem(message: ChatMessage): ChatHistoryItem {
  if (message.role === "system") return { type: "system", text: message.content };
  if (message.role === "user") return { type: "user", text: message.content };
  return { type: "model", response: [message.content] };
}

function toLlamaError(error: unknown, signal: AbortSignal): LanguageModelError {
  if (error instanceof LanguageModelError) return error;
  if (signal.aborted) return new LanguageModelError("aborted", "the call was stopped", { cause: error });
  return new LanguageModelError("unavailable", `the local model failed: ${(error as Error).message ?? String(error)}`, { cause: error });
}
