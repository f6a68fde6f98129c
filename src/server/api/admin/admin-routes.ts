import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { banUser, grantAdmin, revokeAdmin, unbanUser } from "~/core/accounts/mutations";
import { recordAdminAction } from "~/core/admin-audit/mutations";
import { findUserEmail, findUserIdByEmail } from "~/core/admin-users/data";
import type { AdminAction } from "~/infra/db/admin-schema";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { adminUserActionResponseSchema } from "~/shared/accounts/accounts-api";
import { type EngineInfo, enginesResponseSchema } from "~/shared/engines/engines-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Roles and bans (issue 3); the admin area's lists and screens come with the admin issue.
const emailInput = z.object({ email: z.email().max(320) }).strict();
const banInput = z
  .object({
    email: z.email().max(320),
    reason: z.string().trim().min(1).max(500).nullable().default(null),
    expiresAt: z.iso.datetime().nullable().default(null),
  })
  .strict();
const route = (path: string, summary: string, body: z.ZodType) =>
  createRoute({
    method: "post",
    path,
    tags: ["admin"],
    summary,
    request: { body: { content: { "application/json": { schema: body } }, required: true } },
    responses: {
      200: {
        description: "Done; found says whether the e-mail has an account",
        content: { "application/json": { schema: adminUserActionResponseSchema } },
      },
      400: errorResponse("Invalid input"),
      401: errorResponse("Not signed in"),
      403: errorResponse("Not an admin"),
    },
  });

const enginesRoute = createRoute({
  method: "get",
  path: "/admin/engines",
  tags: ["admin"],
  summary: "The AI engines this install runs, where each choice comes from, and their health",
  responses: {
    200: { description: "One entry per capability", content: { "application/json": { schema: enginesResponseSchema } } },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not an admin"),
  },
});

export function adminRoutes({ db, engines }: { db: Database; engines: () => Promise<EngineInfo[]> }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/*", requireUser());
  app.use("/admin/*", async (c, next) => {
    // spec section 6: admin paths are for the IS_ADMIN role only.
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });
  // Issue 20: the e-mail-based calls audit too (only when the e-mail named an account: nothing changed otherwise).
  const audit = async (c: Context<ApiEnv>, action: AdminAction, email: string, details: Record<string, unknown> = {}) => {
    const actorId = currentUser(c).userId;
    const userId = await findUserIdByEmail(db, { email });
    const actorEmail = await findUserEmail(db, { userId: actorId });
    await recordAdminAction(db, {
      actor: { id: actorId, email: actorEmail ?? "" },
      action,
      target: { userId, email: email.toLowerCase() },
      details,
    });
  };
  app.openapi(route("/admin/users/ban", "Ban a user (with reason and optional end)", banInput), async (c) => {
    const input = banInput.parse(c.req.valid("json"));
    const found = await banUser(db, {
      email: input.email,
      reason: input.reason,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    if (found) await audit(c, "user.ban", input.email, { reason: input.reason, expiresAt: input.expiresAt });
    return c.json({ success: true as const, found }, 200);
  });
  app.openapi(route("/admin/users/unban", "Lift a ban", emailInput), async (c) => {
    const input = emailInput.parse(c.req.valid("json"));
    const found = await unbanUser(db, input);
    if (found) await audit(c, "user.unban", input.email);
    return c.json({ success: true as const, found }, 200);
  });
  app.openapi(route("/admin/users/grant-admin", "Give the admin role", emailInput), async (c) => {
    const { email } = emailInput.parse(c.req.valid("json"));
    const count = await grantAdmin(db, { emails: [email] });
    if (count > 0) await audit(c, "user.grant_admin", email);
    return c.json({ success: true as const, found: count > 0 }, 200);
  });
  app.openapi(route("/admin/users/revoke-admin", "Take the admin role away", emailInput), async (c) => {
    const input = emailInput.parse(c.req.valid("json"));
    const found = await revokeAdmin(db, input);
    if (found) await audit(c, "user.revoke_admin", input.email);
    return c.json({ success: true as const, found }, 200);
  });
  // Issue 19: the engines page (read-only for now).
  app.openapi(enginesRoute, async (c) => c.json({ success: true as const, engines: await engines() }, 200));
  return app;
}
