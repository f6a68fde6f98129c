import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { getPlan, type PlanLimits } from "~/core/billing/plan";
import { sendLimitUpgradeRequest } from "~/core/billing/upgrade-request";
import type { Database } from "~/infra/db/client";
import type { Mailer } from "~/infra/mail/mailer";
import type { ApiEnv } from "~/server/hono-env";
import { successResponseSchema } from "~/shared/api/api-contract";
import { planResponseSchema } from "~/shared/billing/billing-api";
import { limitErrorSources } from "~/shared/billing/plans";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const readPlan = createRoute({
  method: "get",
  path: "/user/plan",
  tags: ["billing"],
  summary: "The user's plan: free or pro, the subscription behind it and the plan's limits (null = unlimited)",
  responses: {
    200: { description: "Plan data", content: { "application/json": { schema: planResponseSchema } } },
    401: errorResponse("Not signed in"),
  },
});
const upgradeRequest = createRoute({
  method: "post",
  path: "/user/limit-upgrade-request",
  tags: ["billing"],
  summary: "A paying user at a limit asks support for more (spec section 6), or any user where payments are off; e-mailed to support",
  request: {
    body: { content: { "application/json": { schema: z.object({ errorSource: z.enum(limitErrorSources) }).strict() } }, required: true },
  },
  responses: {
    200: { description: "Sent", content: { "application/json": { schema: successResponseSchema } } },
    400: errorResponse("Invalid input"),
    401: errorResponse("Not signed in"),
    409: errorResponse("Free plan while payments are on: the paywall is the way to more (UPGRADE_REQUEST_FREE_PLAN)"),
  },
});

/** spec section 7 GET /user/plan, and the limit-upgrade request of section 6. */
export function planRoutes(deps: { db: Database; mailer: Mailer; limits: PlanLimits; supportEmail: string; paymentsOn: boolean }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/user/plan", requireUser());
  app.use("/user/limit-upgrade-request", requireUser());
  app.openapi(readPlan, async (c) =>
    c.json({ ...(await getPlan(deps.db, deps.limits, { userId: currentUser(c).userId })), paymentsOn: deps.paymentsOn }, 200),
  );
  app.openapi(upgradeRequest, async (c) => {
    const outcome = await sendLimitUpgradeRequest(deps, { userId: currentUser(c).userId, errorSource: c.req.valid("json").errorSource });
    if (outcome === "free") throw new AppError("UPGRADE_REQUEST_FREE_PLAN");
    if (outcome === "missing") throw new AppError("UNAUTHENTICATED");
    return c.json({ success: true as const }, 200);
  });
  return app;
}
