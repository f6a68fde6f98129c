import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { listAnalyticsEvents } from "~/core/analytics/data";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { adminAnalyticsEventsQuerySchema, adminAnalyticsEventsResponseSchema } from "~/shared/analytics/analytics-admin-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 20: an admin reads what the analytics gateway stored for one analytics id (support, the e2e
// check). A read changes nothing, so it is not an audited admin action.

const eventsRoute = createRoute({
  method: "get",
  path: "/admin/analytics/events",
  tags: ["admin"],
  summary: "Analytics events the gateway stored for one analytics user id, oldest first",
  request: { query: adminAnalyticsEventsQuerySchema },
  responses: {
    200: { description: "The events", content: { "application/json": { schema: adminAnalyticsEventsResponseSchema } } },
    400: errorResponse("Invalid input"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an admin"),
  },
});

export function adminAnalyticsRoutes({ db }: { db: Database }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/analytics/*", requireUser());
  app.use("/admin/analytics/*", async (c, next) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });
  app.openapi(eventsRoute, async (c) => {
    const { userId, eventName, page, limit } = c.req.valid("query");
    const rows = await listAnalyticsEvents(db, { userId, eventName, page, limit });
    const items = rows.map((row) => ({
      userId: row.userId,
      eventName: row.eventName,
      eventCategory: row.eventCategory,
      page: row.page,
      result: row.result,
      sessionId: row.sessionId,
      eventTime: row.eventTime,
      properties: row.properties,
      receivedAt: row.receivedAt.toISOString(),
    }));
    return c.json({ success: true as const, items }, 200);
  });
  return app;
}
