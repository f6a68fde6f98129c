import { createHash } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "~/core/idempotency/mutations";
import { idempotencyKeyPattern } from "~/core/idempotency/policy";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "../hono-env";
import { AppError, errorResponse } from "./api-error";
import { currentUser } from "./require-user";

export const idempotencyKeyHeader = "Idempotency-Key";

/**
 * The optional header as a note-creating route documents it in /api/openapi.json. The middleware below checks
 * it (before the route's own validator, which sees header names in lower case and so never refuses it here).
 */
export const idempotencyKeyRequestHeaders = z.object({
  [idempotencyKeyHeader]: z
    .string()
    .optional()
    .openapi({
      description:
        "Any 1-255 printable ASCII characters (a UUID is typical). A retry with the same key within 24 hours gets the first " +
        "answer again, with `Idempotent-Replayed: true`, instead of making a second note; only successful answers are kept.",
      example: "5f0c6d1e-2b7a-4c1e-9d3f-8a6b4e2c1d0f",
    }),
});

/** The answers the header adds to a note-creating route. */
export const idempotencyKeyResponses = {
  409: errorResponse("A request with this Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_PROGRESS)"),
  422: errorResponse("This Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)"),
};

/**
 * Issue 21: a note-creating call sent with an `Idempotency-Key` header runs once per user and key for 24 hours;
 * a retry gets the first answer again (same status and body, `Idempotent-Replayed: true`). The same key with
 * another method, path or body is refused (422 IDEMPOTENCY_KEY_REUSED); while the first is still running, a
 * retry gets 409 IDEMPOTENCY_KEY_IN_PROGRESS. Only successes (2xx) are kept: an error made nothing, so a
 * retry with the same key runs again (after an upgrade, a 402 should not be replayed for a day).
 * Mounted after requireUser. The body is compared byte for byte: a client retries what it sent.
 */
export function idempotent(db: Database): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = c.req.header(idempotencyKeyHeader);
    if (key === undefined || c.req.method !== "POST") return next();
    if (!idempotencyKeyPattern.test(key)) {
      throw new AppError("VALIDATION_FAILED", [{ field: idempotencyKeyHeader, message: "1 to 255 printable ASCII characters" }]);
    }
    const userId = currentUser(c).userId;
    const requestHash = createHash("sha256")
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(await c.req.text())
      .digest("hex");
    const claim = await claimIdempotencyKey(db, { userId, key, requestHash, at: new Date() });
    if (claim.kind === "other_request") throw new AppError("IDEMPOTENCY_KEY_REUSED");
    if (claim.kind === "in_progress") throw new AppError("IDEMPOTENCY_KEY_IN_PROGRESS");
    if (claim.kind === "replay") {
      return new Response(JSON.stringify(claim.body), {
        status: claim.status,
        headers: { "Content-Type": "application/json; charset=utf-8", "Idempotent-Replayed": "true" },
      });
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, { userId, key });
      throw error;
    }
    // Errors thrown by the route are already answers here (the API's error handler ran).
    const isJson = c.res.headers.get("content-type")?.startsWith("application/json") ?? false;
    if (c.res.status < 200 || c.res.status >= 300 || !isJson) {
      await releaseIdempotencyKey(db, { userId, key });
      return;
    }
    await completeIdempotencyKey(db, { userId, key, status: c.res.status, body: await c.res.clone().json() });
  };
}
