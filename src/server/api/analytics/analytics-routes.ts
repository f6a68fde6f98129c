import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Logger } from "~/infra/logging/logger";
import type { ApiEnv } from "~/server/hono-env";
import { analyticsBatchInput } from "~/shared/analytics/analytics-event";
import { successResponseSchema } from "~/shared/api/api-contract";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// interpretations 26: until the analytics gateway lands, the browser's analytics client sends its batches
// here and each event becomes one structured log line (the log sink). The gateway's POST /log/web takes the
// same `event_logs` body (spec section 7), so only the sink changes when it comes.

/** 50 events of the largest allowed size would be megabytes; real batches of 10 are a few KB. */
const maxBodyBytes = 256 * 1024;

const logEvents = createRoute({
  method: "post",
  path: "/analytics/events",
  tags: ["analytics"],
  summary: "A batch of 1-50 analytics events of the signed-in user, written to the server log",
  request: { body: { required: true, content: { "application/json": { schema: analyticsBatchInput } } } },
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: successResponseSchema } } },
    400: errorResponse("Invalid batch"),
    401: errorResponse("Not signed in"),
    413: errorResponse("Batch too large"),
  },
});

export function analyticsRoutes({ logger }: { logger: Logger }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/analytics/events", requireUser());
  app.use(
    "/analytics/events",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );
  app.openapi(logEvents, (c) => {
    // The session's user id goes next to the client's user_id: the client's value is not trusted alone.
    const userId = currentUser(c).userId;
    const { event_logs: events, sdk_version: sdkVersion } = c.req.valid("json");
    const requestId = c.get("requestId");
    for (const event of events) logger.info({ analytics: event, userId, sdkVersion, requestId }, "analytics event");
    return c.json({ success: true as const }, 200);
  });
  return app;
}
