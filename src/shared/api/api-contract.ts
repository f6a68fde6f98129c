import { z } from "zod";
import { limitErrorSources } from "../billing/plans";

// What every part of the API answers alike: the error body (server/api/api-error.ts writes it), the bare
// success and the anti-forgery token. Named components in /api/openapi.json through zod's own
// `.meta({ id })`, so the browser reads the same types without the OpenAPI extension.

/** Every error answer (spec section 8): the closed code and its message in the request's language. */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    errorCode: z.string(),
    message: z.string(),
    /** VALIDATION_FAILED only: the fields at fault ("(body)" for the body as a whole). */
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "ApiError" });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A plan limit's 402: the browser opens the paywall (free) or the upgrade request (paid) for errorSource. */
export const limitReachedErrorSchema = apiErrorSchema
  .extend({ errorSource: z.enum(limitErrorSources), limit: z.number() })
  .meta({ id: "LimitReachedError" });
export type LimitReachedErrorBody = z.infer<typeof limitReachedErrorSchema>;

/** A write that has nothing to answer but that it was done. */
export const successResponseSchema = z.object({ success: z.literal(true) }).meta({ id: "SuccessResponse" });

/** GET /api/csrf-token: the token to send as X-CSRF-Token on every non-GET call. */
export const csrfTokenResponseSchema = z.object({ success: z.literal(true), csrfToken: z.string() }).meta({ id: "CsrfTokenResponse" });
