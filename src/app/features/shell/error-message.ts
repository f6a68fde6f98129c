import { ApiError } from "../../api/api-client";

/** spec section 8: show the server's (translated) message for an API error, else our own text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
