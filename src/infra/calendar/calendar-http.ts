import type { z } from "zod";
import { ProviderUnavailableError, retryAfterOf } from "../oauth/oauth-client";

// The one way the calendar clients talk to Google and Graph: a bearer token that is refreshed once when
// the provider refuses it (401), 429/5xx as ProviderUnavailableError (with Retry-After) so the sync job
// backs off, 410 as SyncExpiredError so the caller starts a full sync, every answer read through zod.

/** The provider forgot the sync cursor (Google 410 Gone, Graph 410 / SyncStateNotFound): sync in full. */
export class SyncExpiredError extends Error {
  override name = "SyncExpiredError";
}

/** Any other refusal (400, 403, 404 ...): not retried as an outage. */
export class CalendarApiError extends Error {
  override name = "CalendarApiError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Access tokens on demand: `force` after a 401 asks for a refreshed one. */
export type AccessTokenSource = (options: { force: boolean }) => Promise<string>;

export interface CalendarHttp {
  accessToken: AccessTokenSource;
  fetcher?: typeof fetch;
  /** Per request; the sync job's own expiry bounds the whole run. */
  timeoutMs?: number;
}

export interface CalendarRequest {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends one request with the bearer token; a 401 refreshes the token and tries once more. */
export async function calendarFetch(http: CalendarHttp, url: string, request: CalendarRequest = {}): Promise<Response> {
  let response = await send(http, url, request, false);
  if (response.status === 401) {
    await response.body?.cancel();
    response = await send(http, url, request, true);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new ProviderUnavailableError(`${new URL(url).pathname} answered ${response.status}`, response.status, retryAfterOf(response));
  }
  return response;
}

/** calendarFetch, then the JSON answer read through `schema`; 410 and other refusals become typed errors. */
export async function calendarJson<T>(http: CalendarHttp, url: string, schema: z.ZodType<T>, request: CalendarRequest = {}): Promise<T> {
  const response = await calendarFetch(http, url, request);
  const text = await response.text();
  if (response.status === 410 || (response.status === 400 && /SyncStateNotFound|fullSyncRequired|syncStateInvalid/i.test(text))) {
    throw new SyncExpiredError(`${new URL(url).pathname}: sync state expired (${response.status})`);
  }
  if (!response.ok)
    throw new CalendarApiError(`${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`, response.status);
  return schema.parse(text ? JSON.parse(text) : {});
}

/** A request whose answer has no body worth reading (stop, delete); 404 counts as done. */
export async function calendarSend(http: CalendarHttp, url: string, request: CalendarRequest): Promise<void> {
  const response = await calendarFetch(http, url, request);
  const text = await response.text();
  if (!response.ok && response.status !== 404) {
    throw new CalendarApiError(`${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`, response.status);
  }
}

async function send(http: CalendarHttp, url: string, request: CalendarRequest, force: boolean): Promise<Response> {
  const token = await http.accessToken({ force });
  const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${token}`, ...request.headers };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  try {
    return await (http.fetcher ?? fetch)(url, {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(http.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new ProviderUnavailableError(`${new URL(url).pathname} unreachable: ${(error as Error).message}`, null);
  }
}
