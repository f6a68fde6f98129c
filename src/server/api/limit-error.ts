import type { LimitReached } from "~/core/billing/limits";
import { limitReachedErrorSchema } from "~/shared/api/api-contract";
import type { LimitErrorSource } from "~/shared/billing/plans";
import { type ApiErrorCode, AppError } from "./api-error";

const codeOf: Record<LimitErrorSource, ApiErrorCode> = {
  upload_count: "UPLOAD_LIMIT_REACHED",
  transcription_minutes: "TRANSCRIPTION_LIMIT_REACHED",
  concurrent_meetings: "BOT_CONCURRENCY_LIMIT",
};

/** A plan limit as the 402 the browser acts on: the paywall (free) or the upgrade request (paid). */
export function limitReachedError(reached: LimitReached): AppError {
  return new AppError(codeOf[reached.errorSource], undefined, { errorSource: reached.errorSource, limit: reached.limit });
}

/** A route's 402 in /api/openapi.json: the ApiError body with the limit's errorSource and limit. */
export function limitErrorResponse(description: string) {
  return { description, content: { "application/json": { schema: limitReachedErrorSchema } } };
}
