import createClient, { type Client } from "openapi-fetch";
import type { paths } from "~/shared/api/generated/api-paths";
import { type ApiRequestOptions, sessionFetch } from "./api-client";
import { apiBaseUrl } from "./csrf-token";

// The browser's typed API client (decision 021): openapi-fetch over the `paths` that openapi-typescript
// generates from the server's own /api/openapi.json, so a call's path, parameters, body and answer are
// checked against the route's zod contract at compile time. Every call goes through sessionFetch (headers,
// CSRF retry, 401/ban/402 handling, ApiError), so a call that resolves has succeeded.

export type ApiCallOptions = Pick<ApiRequestOptions, "errorMessage" | "isBackground">;

/** A client for one call: `await call(api().GET("/notes/{id}", { params: { path: { id } } }))`. */
export function api(options: ApiCallOptions = {}): Client<paths> {
  return createClient<paths>({ baseUrl: `${apiBaseUrl()}/api`, fetch: (request) => sessionFetch(request, options) });
}

/** The answer of a call that succeeded (sessionFetch throws an ApiError for every other answer). */
export async function call<Data>(request: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const result = await request;
  // Unreachable while sessionFetch throws on failures; kept so a change there cannot pass `undefined` on.
  if (result.error !== undefined) throw new Error(`API call failed with ${result.response.status}`);
  return result.data as Data;
}
