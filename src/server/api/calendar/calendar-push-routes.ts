import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { PgBoss } from "pg-boss";
import { graphNotificationsSchema, receiveGooglePush, receiveGraphNotifications } from "~/core/calendars/push-notifications";
import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import type { ApiEnv } from "~/server/hono-env";
import { AppError, errorResponse } from "../api-error";
import { validationHook } from "../validation-hook";

// Provider push notifications (issue 18): sessionless and exempt from the CSRF check (api-app.ts,
// middleware/csrf.ts); the proof is the connection's secret (Google's channel token, Graph's clientState),
// compared in constant time. They answer fast and only queue a sync; a forged one does no work.

const google = createRoute({
  method: "post",
  path: "/calendar/push/google",
  tags: ["calendar"],
  summary: "Google Calendar channel notifications (X-Goog-Channel-ID and X-Goog-Channel-Token): a sync of that connection is queued",
  responses: {
    200: { description: "Received (the channel's `sync` hello does nothing)" },
    401: errorResponse("The channel token does not match (INVALID_SIGNATURE)"),
    404: errorResponse("No such channel"),
  },
});
const microsoft = createRoute({
  method: "post",
  path: "/calendar/push/microsoft",
  tags: ["calendar"],
  summary: "Microsoft Graph change notifications: the validationToken handshake, then notifications whose clientState must match",
  request: { query: z.object({ validationToken: z.string().max(2_048).optional() }) },
  responses: {
    200: { description: "The validation token echoed (text/plain)", content: { "text/plain": { schema: z.string() } } },
    202: { description: "Accepted: syncs queued" },
    400: errorResponse("Not a Graph notification"),
    401: errorResponse("A clientState does not match (INVALID_SIGNATURE)"),
    404: errorResponse("No such subscription"),
  },
});

export function calendarPushRoutes({ db, boss, logger }: { db: Database; boss: PgBoss; logger: Logger }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use(
    "/calendar/push/*",
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );

  app.openapi(google, async (c) => {
    const verdict = await receiveGooglePush(
      { db, boss },
      {
        channelId: c.req.header("X-Goog-Channel-ID"),
        channelToken: c.req.header("X-Goog-Channel-Token"),
        resourceState: c.req.header("X-Goog-Resource-State"),
      },
    );
    if (verdict === "unknown") throw new AppError("NOT_FOUND");
    if (verdict === "forged") {
      logger.warn({ channelId: c.req.header("X-Goog-Channel-ID") }, "Google push refused: wrong channel token");
      throw new AppError("INVALID_SIGNATURE");
    }
    return c.body(null, 200);
  });

  app.openapi(microsoft, async (c) => {
    const { validationToken } = c.req.valid("query");
    // Graph's handshake when a subscription is created: echo the token as text within 10 seconds.
    if (validationToken !== undefined) return c.text(validationToken, 200, { "Content-Type": "text/plain; charset=utf-8" });
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("INVALID_JSON");
    }
    const parsed = graphNotificationsSchema.safeParse(body);
    if (!parsed.success) throw new AppError("VALIDATION_FAILED");
    const verdict = await receiveGraphNotifications({ db, boss }, parsed.data);
    if (verdict === "unknown") throw new AppError("NOT_FOUND");
    if (verdict === "forged") {
      logger.warn("Graph notification refused: wrong clientState");
      throw new AppError("INVALID_SIGNATURE");
    }
    return c.body(null, 202);
  });
  return app;
}
