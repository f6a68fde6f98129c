import type OpenAI from "openai";
import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage, GenerateJsonInput, LanguageModel, StreamTextInput } from "./language-model";
import { LanguageModelError } from "./language-model-error";
import { createOpenAiClient } from "./openai-client";
import { toStrictJsonSchema } from "./strict-json-schema";

// Any OpenAI-compatible `POST /v1/chat/completions` (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio...)
// through the official SDK (openai 6: its 7 needs Node 22). JSON answers use structured outputs
// (`response_format: json_schema`, strict), which the local servers implement with a grammar too.

export interface OpenAiChatModelOptions {
  /** The server's origin (`https://api.openai.com`, `http://127.0.0.1:11434`) or its API root (`.../v1`, `.../openai/v1`). */
  baseUrl: string;
  /** Unset for local servers that need none: no Authorization header is sent then. */
  apiKey?: string;
  model: string;
  /** What the server can read at once; the server does not say, so the operator does (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** No answer within this long fails the call as `unreachable` (default 10 min: local servers on CPUs are slow). */
  timeoutMs?: number;
  /** The SDK's own retries of connection errors, 408, 429 and 5xx, with backoff (default 2). */
  maxRetries?: number;
}

export function createOpenAiChatModel(options: OpenAiChatModelOptions): LanguageModel {
  const client = createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    maxRetries: options.maxRetries,
  });
  const messagesOf = (messages: ChatMessage[]): ChatCompletionMessageParam[] =>
    messages.map((message) => ({ role: message.role, content: message.content }));

  return {
    id: `openai:${options.model}`,
    contextTokens: options.contextTokens,

    async generateJson({ messages, schema, schemaName, maxTokens, signal }: GenerateJsonInput): Promise<unknown> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: messagesOf(messages),
            response_format: {
              type: "json_schema",
              json_schema: { name: schemaName, schema: toStrictJsonSchema(schema), strict: true },
            },
            ...(maxTokens ? { max_tokens: maxTokens } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw toLanguageModelError(error, signal);
      }
      const choice = completion.choices[0];
      if (!choice) throw new LanguageModelError("bad_output", "the endpoint answered no choice");
      if (choice.message.refusal) throw new LanguageModelError("refused", `the model refused: ${choice.message.refusal.slice(0, 300)}`);
      if (choice.finish_reason === "content_filter")
        throw new LanguageModelError("refused", "the endpoint's content filter stopped the answer");
      if (choice.finish_reason === "length") {
        throw new LanguageModelError("cut_off", `the answer was cut off at the token limit (${maxTokens ?? "the server's"})`);
      }
      return parseJsonAnswer(choice.message.content);
    },

    async *streamText({ messages, maxTokens, signal }: StreamTextInput): AsyncIterable<string> {
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk> & { controller: AbortController };
      try {
        stream = await client.chat.completions.create(
          { model: options.model, messages: messagesOf(messages), stream: true, ...(maxTokens ? { max_tokens: maxTokens } : {}) },
          { signal },
        );
      } catch (error) {
        throw toLanguageModelError(error, signal);
      }
      let finishReason: string | null = null;
      try {
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (!choice) continue; // the usage chunk some servers append
          if (choice.delta?.content) yield choice.delta.content;
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
      } catch (error) {
        throw toLanguageModelError(error, signal);
      } finally {
        // The caller stopped reading (or failed): stop the server writing an answer nobody reads.
        stream.controller.abort();
      }
      if (finishReason === "content_filter") throw new LanguageModelError("refused", "the endpoint's content filter stopped the answer");
      if (finishReason === null) {
        if (signal?.aborted) throw new LanguageModelError("aborted", "the caller stopped the answer");
        throw new LanguageModelError("unreachable", "the answer stream ended before the answer was finished");
      }
    },

    async close() {
      // Nothing held: each request opens and closes its own connection pool entry.
    },
  };
}

function parseJsonAnswer(content: string | null | undefined): unknown {
  if (!content?.trim()) throw new LanguageModelError("bad_output", "the endpoint answered no content");
  // Some servers wrap JSON in a Markdown fence even under response_format; the JSON inside is what was asked.
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  try {
    return JSON.parse(unfenced);
  } catch {
    throw new LanguageModelError("bad_output", `the endpoint answered something other than JSON: ${content.slice(0, 200)}`);
  }
}

const contextTooLong = /context_length_exceeded|maximum context length|exceeds? the (available )?context|context size|too many tokens/i;

/** The SDK's errors (and anything thrown while streaming) as our codes. */
export function toLanguageModelError(error: unknown, signal?: AbortSignal): LanguageModelError {
  if (error instanceof LanguageModelError) return error;
  if (signal?.aborted || error instanceof APIUserAbortError) {
    return new LanguageModelError("aborted", "the caller stopped the request", { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new LanguageModelError("unreachable", `the chat endpoint did not answer: ${error.message}`, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const detail = `HTTP ${error.status}: ${error.message.slice(0, 300)}`;
    if (error.status === 401 || error.status === 403) {
      return new LanguageModelError("unauthorized", `${detail} (check LLM_API_KEY)`, { cause: error });
    }
    if (error.status === 429) return new LanguageModelError("rate_limited", detail, { cause: error });
    if (error.status >= 500) return new LanguageModelError("server_error", detail, { cause: error });
    if (error.code === "context_length_exceeded" || contextTooLong.test(error.message)) {
      return new LanguageModelError("too_long", detail, { cause: error });
    }
    return new LanguageModelError("bad_request", detail, { cause: error });
  }
  // A connection cut while the body streams surfaces as a plain error from fetch.
  return new LanguageModelError("unreachable", `the chat endpoint failed: ${(error as Error).message ?? String(error)}`, { cause: error });
}
