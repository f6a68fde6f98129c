import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { loadAdminOverview } from "~/core/admin-overview/data";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { adminOverviewResponseSchema } from "~/shared/admin/admin-overview-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 20: the admin overview's figures (the last 30 days across all accounts), for the IS_ADMIN role only.

const overviewRoute = createRoute({
  method: "get",
  path: "/admin/overview",
  tags: ["admin"],
  summary: "The last 30 days (UTC): sign-ups, notes by type and transcription minutes per day, failures and bot endings by code",
  responses: {
    200: { description: "The overview", content: { "application/json": { schema: adminOverviewResponseSchema } } },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an admin"),
  },
});

export function adminOverviewRoutes({ db }: { db: Database }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/overview", requireUser());
  app.use("/admin/overview", async (c, next) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });
  app.openapi(overviewRoute, async (c) => c.json({ success: true as const, ...(await loadAdminOverview(db)) }, 200));
  return app;
}
