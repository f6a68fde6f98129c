/**
 * Why a language model call failed, as a code the notes job and ask-AI can act on (decision 016):
 * - `unavailable`: no model to run (file missing, corrupt or not a GGUF; download refused or off).
 * - `unreachable`: the endpoint did not answer (connection refused, reset, timeout).
 * - `unauthorized`: the endpoint refused the API key (401/403).
 * - `rate_limited`: 429 from the endpoint.
 * - `server_error`: 5xx from the endpoint.
 * - `bad_request`: the endpoint refused the request (400/404/422: unknown model, schema it cannot do).
 * - `too_long`: the prompt does not fit the model's context (map-reduce should have cut it smaller).
 * - `bad_output`: the answer is not what was asked (not JSON, empty).
 * - `cut_off`: the answer stopped at the token limit (OpenAI `finish_reason: "length"`, node-llama-cpp
 *   `stopReason: "maxTokens"`): the same call would stop there again, so it is not retried.
 * - `refused`: the model declined to answer (a refusal or a content filter).
 * - `aborted`: the caller's signal ended the call.
 */
export type LanguageModelErrorCode =
  | "unavailable"
  | "unreachable"
  | "unauthorized"
  | "rate_limited"
  | "server_error"
  | "bad_request"
  | "too_long"
  | "bad_output"
  | "cut_off"
  | "refused"
  | "aborted";

/** Codes where the same call may work later (the job retries them; the others need an operator or other input). */
const retryable: ReadonlySet<LanguageModelErrorCode> = new Set(["unreachable", "rate_limited", "server_error", "bad_output"]);

export class LanguageModelError extends Error {
  override name = "LanguageModelError";
  readonly isRetryable: boolean;

  constructor(
    readonly code: LanguageModelErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.isRetryable = retryable.has(code);
  }
}
