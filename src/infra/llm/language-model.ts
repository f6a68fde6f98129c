/**
 * A language model behind one interface (issue 5, decision 016): a local GGUF through node-llama-cpp or any
 * OpenAI-compatible chat endpoint. Which one runs is configuration (`LLM_ENGINE`). With none configured the
 * callers fall back to extractive notes and quoted passages, labelled as such; they never fail silently.
 */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface GenerateJsonInput {
  messages: ChatMessage[];
  /** A JSON Schema object; the engine constrains its output to it (grammar or `response_format`). */
  schema: Record<string, unknown>;
  schemaName: string;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface StreamTextInput {
  messages: ChatMessage[];
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface LanguageModel {
  /** `openai:<model>` or `llama:<file name>`: stored beside what it wrote. */
  readonly id: string;
  /** Tokens the model can read at once (prompt + answer); map-reduce sizes its chunks from it. */
  readonly contextTokens: number;
  /** The parsed JSON the model wrote (the caller validates it with zod). */
  generateJson(input: GenerateJsonInput): Promise<unknown>;
  /** The answer as it is written, piece by piece. */
  streamText(input: StreamTextInput): AsyncIterable<string>;
  /** Frees the model (a local one holds hundreds of MB). */
  close(): Promise<void>;
}
