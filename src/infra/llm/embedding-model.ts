import { toLanguageModelError } from "./openai-chat-model";
import { createOpenAiClient } from "./openai-client";

/**
 * Sentence embeddings from any OpenAI-compatible `POST /v1/embeddings` (OpenAI, Ollama, vLLM, llama.cpp
 * server, text-embeddings-inference). Configured with EMBEDDINGS_BASE_URL; without it ask-AI retrieves by
 * full text alone (decision 017).
 */
export interface EmbeddingModel {
  /** `openai:<model>`: stored beside each vector, so vectors of another model are never compared. */
  readonly id: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface EmbeddingModelOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxRetries?: number;
}

// Endpoints take a bounded number of inputs per call; 64 short segments stay far below every known limit.
const batchSize = 64;

function unitLength(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm > 0 ? vector.map((value) => value / norm) : vector.map(() => 0);
}

export function createEmbeddingModel(options: EmbeddingModelOptions): EmbeddingModel {
  const client = createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: 5 * 60_000,
    maxRetries: options.maxRetries,
  });
  return {
    id: `openai:${options.model}`,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let first = 0; first < texts.length; first += batchSize) {
        const batch = texts.slice(first, first + batchSize);
        try {
          const answer = await client.embeddings.create({ model: options.model, input: [...batch], encoding_format: "float" }, { signal });
          const ordered = [...answer.data].sort((a, b) => a.index - b.index);
          if (ordered.length !== batch.length)
            throw new Error(`the endpoint returned ${ordered.length} embeddings for ${batch.length} texts`);
          vectors.push(...ordered.map((item) => unitLength(item.embedding)));
        } catch (error) {
          throw toLanguageModelError(error, signal);
        }
      }
      return vectors;
    },
  };
}
