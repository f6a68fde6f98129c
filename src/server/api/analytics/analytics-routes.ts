import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { storeAnalyticsEvents } from "~/core/analytics/mutations";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { analyticsBatchInput } from "~/shared/analytics/analytics-event";
import { successResponseSchema } from "~/shared/api/api-contract";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// The former log sink (interpretations 26), kept as a thin alias of the analytics gateway (issue 20): a
// signed-in caller's batch is stored like a signed POST /log/web one (key id `session:<userId>`). The
// browser client signs and posts to the gateway itself; this is for callers that hold a session instead.

/** 50 events of the largest allowed size would be megabytes; real batches of 10 are a few KB. */
const maxBodyBytes = 256 * 1024;

const logEvents = createRoute({
  method: "post",
  path: "/analytics/events",
  tags: ["analytics"],
  summary: "A batch of 1-50 analytics events of the signed-in user, stored like the gateway's POST /log/web",
  request: { body: { required: true, content: { "application/json": { schema: analyticsBatchInput } } } },
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: successResponseSchema } } },
    400: errorResponse("Invalid batch"),
    401: errorResponse("Not signed in"),
    413: errorResponse("Batch too large"),
  },
});

export function analyticsRoutes({ db }: { db: Database }) {
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
  app.openapi(logEvents, async (c) => {
    // The session's user id is the key id: the client's user_id is not trusted alone.
    const userId = currentUser(c).userId;
    const { event_logs: events, sdk_version: sdkVersion } = c.req.valid("json");
    await storeAnalyticsEvents(db, { events, sdkVersion: sdkVersion ?? null, keyId: `session:${userId}` });
    return c.json({ success: true as const }, 200);
  });
  return app;
}
