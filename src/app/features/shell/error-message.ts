import { ApiError } from "~/app/api/api-client";

/** spec section 8: show the server's (translated) message for an API error, else our own text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * What a form shows for a failed request: null for a plan-limit 402 that the dashboard already answers
 * with the paywall or the upgrade request (one message, not two), else `errorMessage`.
 */
export function formProblem(error: unknown, fallback: string): string | null {
  return error instanceof ApiError && error.isHandledGlobally ? null : errorMessage(error, fallback);
}
