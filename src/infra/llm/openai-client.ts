import OpenAI from "openai";

// The one way this app talks to an OpenAI-compatible server (chat and embeddings alike), so both send the
// same headers and neither picks up stray settings from the process environment.

export interface OpenAiClientOptions {
  /** The server's origin (`https://api.openai.com`, `http://127.0.0.1:11434`) or its API root (`.../v1`, `.../openai/v1`). */
  baseUrl: string;
  /** Unset for local servers that need none: no Authorization header is sent then. */
  apiKey?: string;
  timeoutMs: number;
  /** The SDK's own retries of connection errors, 408, 429 and 5xx, with backoff (default 2). */
  maxRetries?: number;
}

/** `https://host` alone means the usual `/v1` root (as OPENAI_AUDIO_BASE_URL is written); any path is kept as given. */
export function chatApiRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${path === "" ? "/v1" : path}`;
}

export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    baseURL: chatApiRoot(options.baseUrl),
    // The SDK requires a key; with none configured the header is removed below instead of sending a fake one.
    apiKey: options.apiKey ?? "",
    defaultHeaders: options.apiKey ? {} : { Authorization: null },
    // Explicit, so OPENAI_ORG_ID / OPENAI_PROJECT_ID in the process environment do not leak into requests.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });
}
