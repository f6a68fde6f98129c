import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiErrorSchema } from "~/shared/api/api-contract";
import { requestLocale } from "~/shared/i18n/request-locale";
import type { Catalogs } from "../i18n-catalogs";

// One closed list of API error codes -> HTTP status (architecture: "one AppError with a closed list of
// codes"). The message is the translated text of `apiErrors.<code>` in the common catalog; user_banned
// and INVALID_CSRF_TOKEN keep the exact codes of spec section 8.
export const apiErrorStatus = {
  UNAUTHENTICATED: 401,
  INVALID_CSRF_TOKEN: 403,
  user_banned: 403,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE: 413,
  DOCUMENT_TOO_LARGE: 413,
  UNSUPPORTED_DOCUMENT: 415,
  INVALID_UPLOAD: 400,
  INVALID_YOUTUBE_LINK: 400,
  TRANSCRIPTION_LANGUAGE_UNSUPPORTED: 400,
  NOT_RETRYABLE: 409,
  FOLDER_NAME_REQUIRED: 400,
  FOLDER_NAME_TOO_LONG: 400,
  FOLDER_NAME_INVALID: 400,
  FOLDER_NAME_TAKEN: 409,
  FOLDER_NOT_FOUND: 404,
  NOTE_NOT_FOUND: 404,
  TRANSCRIPT_NOT_READY: 409,
  NO_AI_NOTES: 409,
  EXPORT_NO_TRANSCRIPT: 409,
  EXPORT_NO_TIMELINE: 409,
  MEETING_LINK_INVALID: 400,
  BOT_ALREADY_IN_MEETING: 409,
  BOT_CONCURRENCY_LIMIT: 402,
  UPLOAD_LIMIT_REACHED: 402,
  TRANSCRIPTION_LIMIT_REACHED: 402,
  UPGRADE_REQUEST_FREE_PLAN: 409,
  BOT_NOT_CANCELLABLE: 409,
  INVALID_SIGNATURE: 401,
  UNKNOWN_PRICE: 400,
  UNKNOWN_DISCOUNT: 400,
  NO_ACTIVE_SUBSCRIPTION: 409,
  PADDLE_API_ERROR: 502,
  PADDLE_EMPTY_RESPONSE: 502,
  PAYMENTS_NOT_CONFIGURED: 503,
  CALENDAR_PROVIDER_NOT_CONFIGURED: 400,
  ZOOM_NOT_CONFIGURED: 400,
  SESSION_RECORDING_OFF: 409,
  CALENDAR_WINDOW_INVALID: 400,
  CALENDAR_EVENT_NOT_JOINABLE: 409,
  ENGINE_SETTING_SET_BY_ENVIRONMENT: 409,
  ADMIN_SELF_ACTION: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  INTERNAL_ERROR: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ApiErrorCode = keyof typeof apiErrorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly details?: { field: string; message: string }[],
    /** Extra fields the client acts on (the existing note's id, a limit's `errorSource`). */
    readonly extra?: Record<string, string | number>,
  ) {
    super(code);
    this.name = "AppError";
  }
}

export function errorBody(catalogs: Catalogs, headers: Headers, error: AppError) {
  const locale = requestLocale(headers);
  const t = catalogs.getI18n(locale).getFixedT(locale, "common");
  return {
    success: false as const,
    errorCode: error.code,
    // The extra fields fill the message's placeholders (the language a refusal names).
    message: t(`apiErrors.${error.code}`, { ...error.extra }),
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
  };
}

/** A route's error answer in /api/openapi.json: always the one named ApiError body that errorBody writes. */
export function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: apiErrorSchema } } };
}

export function respondWithError(c: Context, catalogs: Catalogs, error: AppError) {
  return c.json(errorBody(catalogs, c.req.raw.headers, error), apiErrorStatus[error.code]);
}
