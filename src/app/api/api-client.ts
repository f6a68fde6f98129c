import { splitLocale } from "~/shared/i18n/locales";
import { authPaths } from "~/shared/routing/auth-paths";
import { apiBaseUrl, clearCsrfToken, getCsrfToken } from "./csrf-token";

// The one web API client (spec section 7 headers; section 8 error catalogue; interpretations 15 and 28).
// No timeout by default (spec section 9).

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
    /** Extra fields of the error answer (errorSource of a 402, validation details). */
    readonly body: Record<string, unknown> = {},
    /** A 402 the dashboard already answers (paywall or upgrade request), so a form shows no error of its own. */
    readonly isHandledGlobally = false,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Shown instead of the server's message (spec: "error text = configured message, else server message"). */
  errorMessage?: string;
  /**
   * A call the person did not make (analytics batches): its 401, ban or 402 only rejects. The spec sends
   * analytics to a gateway of its own, whose failures never sign anyone out; the next product call will.
   */
  isBackground?: boolean;
}

/** What the client does when the session is gone or the user is banned; set by the auth session module. */
export interface SessionHandlers {
  onUnauthenticated(): void;
  onBanned(): void;
}
let handlers: SessionHandlers | null = null;
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

/** A plan limit the server refused work for (spec section 8, HTTP 402): its message and `errorSource`. */
export interface PaymentRequired {
  message: string | null;
  errorSource: string | null;
}
let onPaymentRequired: ((event: PaymentRequired) => void) | null = null;

/** The dashboard registers what a 402 does (paywall for free users, upgrade request for paid ones); null removes it. */
export function setPaymentRequiredHandler(next: ((event: PaymentRequired) => void) | null): void {
  onPaymentRequired = next;
}

/** Hands a 402 to the registered handler (uploads answer outside this client); true when one took it. */
export function reportPaymentRequired(event: PaymentRequired): boolean {
  if (!onPaymentRequired) return false;
  onPaymentRequired(event);
  return true;
}

export async function apiRequest<T>(method: string, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await sessionFetch(buildRequest(method, path, options), options);
  return (await readBody(response)) as T;
}

/**
 * A request whose successful answer is read as a stream (ask-AI answers as server-sent events); errors go
 * through the same handling as apiRequest (CSRF retry, 401, ban, translated message).
 */
export async function apiStream(method: string, path: string, options: ApiRequestOptions = {}): Promise<Response> {
  return sessionFetch(buildRequest(method, path, options), options);
}

/**
 * The transport of every API call (the typed client's `fetch`, and apiRequest's): spec section 7 headers,
 * the anti-forgery token on writes with one retry after INVALID_CSRF_TOKEN (section 8), and any answer that
 * is not a success turned into an ApiError after its global handling (401, ban, 402).
 */
export async function sessionFetch(
  request: Request,
  options: Pick<ApiRequestOptions, "errorMessage" | "isBackground"> = {},
): Promise<Response> {
  const retry = request.clone();
  let response = await fetch(await withSessionHeaders(request));
  if (response.status === 403 && (await readBody(response.clone())).errorCode === "INVALID_CSRF_TOKEN") {
    clearCsrfToken();
    response = await fetch(await withSessionHeaders(retry));
  }
  if (response.ok) return response;
  return finish<never>(response, options);
}

function buildRequest(method: string, path: string, { body, query, signal }: ApiRequestOptions): Request {
  return new Request(`${apiBaseUrl()}/api${path}${queryString(query)}`, {
    method: method.toUpperCase(),
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function withSessionHeaders(request: Request): Promise<Request> {
  const headers = new Headers(request.headers);
  headers.set("Accept-Language", currentLocale());
  headers.set("X-Platform", "web");
  headers.set("X-Version", "1.0.0");
  if (request.method !== "GET" && request.method !== "HEAD") headers.set("X-CSRF-Token", await getCsrfToken());
  return new Request(request, { headers, credentials: "include" });
}

async function finish<T>(response: Response, options: ApiRequestOptions): Promise<T> {
  const body = await readBody(response);
  if (response.ok) return body as T;
  const errorCode = typeof body.errorCode === "string" ? body.errorCode : typeof body.code === "string" ? body.code : null;
  if (response.status === 401 && !isOnAuthPage() && !options.isBackground) {
    console.warn("session expired");
    handlers?.onUnauthenticated();
  }
  if (response.status === 403 && errorCode === "user_banned" && !options.isBackground) handlers?.onBanned();
  const serverMessage = typeof body.message === "string" ? body.message : null;
  // spec section 8: a 402 opens the paywall; the request still rejects so callers can stop what they did.
  const isHandledGlobally =
    response.status === 402 &&
    !options.isBackground &&
    reportPaymentRequired({ message: serverMessage, errorSource: typeof body.errorSource === "string" ? body.errorSource : null });
  throw new ApiError(
    response.status,
    errorCode,
    options.errorMessage ?? serverMessage ?? `HTTP error! status: ${response.status}`,
    body,
    isHandledGlobally,
  );
}

async function readBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return { message: text };
  }
}

function queryString(query: ApiRequestOptions["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function currentLocale(): string {
  return typeof window === "undefined" ? "en" : splitLocale(window.location.pathname).locale;
}

function isOnAuthPage(): boolean {
  if (typeof window === "undefined") return false;
  return authPaths.includes(splitLocale(window.location.pathname).path);
}
