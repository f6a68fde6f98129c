import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { paddleEventInput } from "~/core/billing/schema";
import type { BillingSettings } from "~/core/billing/settings";
import { receivePaddleEvent } from "~/core/billing/webhook-events";
import { verifyPaddleSignature } from "~/core/billing/webhook-signature";
import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import type { ApiEnv } from "~/server/hono-env";
import { successResponseSchema } from "~/shared/api/api-contract";
import { AppError, errorResponse } from "../api-error";
import { validationError, validationHook } from "../validation-hook";

const webhook = createRoute({
  method: "post",
  path: "/webhooks/paddle",
  tags: ["billing"],
  summary:
    "Paddle Billing notifications: Paddle-Signature checked over the raw body, each event stored once by its id, the entitlement recomputed",
  responses: {
    200: {
      description: "Received (also for an event already stored, which changes nothing)",
      content: { "application/json": { schema: successResponseSchema } },
    },
    400: errorResponse("Signed, but not a Paddle notification"),
    401: errorResponse("Missing, forged or stale signature, or no webhook secret configured (INVALID_SIGNATURE)"),
  },
});

/** POST /api/webhooks/paddle: no session and no CSRF token (interpretations 15); the signature is the proof. */
export function billingWebhookRoutes({ db, settings, logger }: { db: Database; settings: BillingSettings; logger: Logger }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  // Paddle's notifications are a few kilobytes; a larger body is not one of them.
  app.use(
    "/webhooks/paddle",
    bodyLimit({
      maxSize: 512 * 1024,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );
  app.openapi(webhook, async (c) => {
    const rawBody = await c.req.text();
    const secret = settings.paddle?.webhookSecret;
    const signature = secret
      ? verifyPaddleSignature({
          secret,
          header: c.req.header("Paddle-Signature"),
          rawBody,
          toleranceSeconds: settings.paddle?.webhookToleranceSeconds ?? 300,
        })
      : ({ isValid: false, reason: "not configured" } as const);
    if (!signature.isValid) {
      logger.warn({ reason: signature.reason }, "Paddle webhook refused");
      throw new AppError("INVALID_SIGNATURE");
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody);
    } catch {
      throw new AppError("INVALID_JSON");
    }
    const event = paddleEventInput.safeParse(payload);
    if (!event.success) throw validationError(event.error.issues);
    const outcome = await receivePaddleEvent(db, settings, { event: event.data, payload: payload as Record<string, unknown> });
    if (outcome.kind === "stored" && outcome.error)
      logger.warn(
        { eventId: event.data.event_id, eventType: event.data.event_type, error: outcome.error },
        "Paddle event kept, not applied",
      );
    return c.json({ success: true as const }, 200);
  });
  return app;
}
