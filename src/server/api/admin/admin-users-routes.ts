import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { listAdminActions } from "~/core/admin-audit/data";
import { recordAdminAction } from "~/core/admin-audit/mutations";
import { decodeCursor, encodeCursor } from "~/core/admin-users/cursor";
import { findAdminUser, findUserEmail, listAdminUsers } from "~/core/admin-users/data";
import { banUserById, setUserRole, unbanUserById } from "~/core/admin-users/mutations";
import type { AdminAction } from "~/infra/db/admin-schema";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminBanInputSchema,
  adminUserActionByIdResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from "~/shared/admin/admin-users-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 20: the admin users list, actions by user id, and the audit log. Each action is audited.

const guarded = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an admin") };
const userIdParam = z.object({ userId: z.string().min(1).max(200) });

const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags: ["admin"],
  summary: "Users, newest sign-up first: search by e-mail prefix or name, status filter, cursor pages",
  request: { query: adminUsersQuerySchema },
  responses: {
    200: { description: "One page of users", content: { "application/json": { schema: adminUsersResponseSchema } } },
    400: errorResponse("Invalid input"),
    ...guarded,
  },
});

const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  tags: ["admin"],
  summary: "The admin audit log, newest first (optionally about one user, by id or e-mail)",
  request: { query: adminAuditQuerySchema },
  responses: {
    200: { description: "One page of the log", content: { "application/json": { schema: adminAuditResponseSchema } } },
    400: errorResponse("Invalid input"),
    ...guarded,
  },
});

const actionRoute = (action: string, summary: string, body?: z.ZodType) =>
  createRoute({
    method: "post",
    path: `/admin/users/{userId}/${action}`,
    tags: ["admin"],
    summary,
    request: {
      params: userIdParam,
      ...(body ? { body: { content: { "application/json": { schema: body } }, required: true } } : {}),
    },
    responses: {
      200: {
        description: "Done: the user as the list shows them now",
        content: { "application/json": { schema: adminUserActionByIdResponseSchema } },
      },
      400: errorResponse("Invalid input"),
      ...guarded,
      404: errorResponse("No such user"),
      409: errorResponse("An admin cannot ban or demote themself"),
    },
  });

export function adminUsersRoutes({ db }: { db: Database }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  for (const path of ["/admin/users", "/admin/users/*", "/admin/audit"]) {
    app.use(path, requireUser());
    app.use(path, async (c, next) => {
      if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
      return next();
    });
  }

  app.openapi(usersRoute, async (c) => {
    const { q, status, cursor, limit } = c.req.valid("query");
    const page = await listAdminUsers(db, { q, status, before: decodeCursor(cursor), limit });
    return c.json({ success: true as const, ...page }, 200);
  });

  app.openapi(auditRoute, async (c) => {
    const { cursor, userId, email, limit } = c.req.valid("query");
    const rows = await listAdminActions(db, {
      before: decodeCursor(cursor),
      targetUserId: userId ?? null,
      targetEmail: email || null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json(
      {
        success: true as const,
        entries: page.map((row) => ({
          id: row.id,
          actorEmail: row.actorEmail,
          action: row.action,
          targetUserId: row.targetUserId,
          targetEmail: row.targetEmail,
          targetNoteId: row.targetNoteId,
          details: row.details,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      },
      200,
    );
  });

  /** Runs one action on the user of the path, refusing it on oneself where `notOnSelf`, then audits it. */
  async function act(
    c: Context<ApiEnv>,
    {
      action,
      notOnSelf,
      run,
      details = {},
    }: { action: AdminAction; notOnSelf: boolean; run: (userId: string) => Promise<boolean>; details?: Record<string, unknown> },
  ) {
    const actorId = currentUser(c).userId;
    const userId = c.req.param("userId") ?? "";
    // An admin locking themself out (ban) or dropping their own role leaves no one to undo it.
    if (notOnSelf && userId === actorId) throw new AppError("ADMIN_SELF_ACTION");
    if (!(await run(userId))) throw new AppError("NOT_FOUND");
    const target = await findAdminUser(db, { userId });
    if (!target) throw new AppError("NOT_FOUND");
    const actorEmail = await findUserEmail(db, { userId: actorId });
    await recordAdminAction(db, {
      actor: { id: actorId, email: actorEmail ?? "" },
      action,
      target: { userId, email: target.email },
      details,
    });
    return c.json({ success: true as const, user: target }, 200);
  }

  app.openapi(actionRoute("ban", "Ban a user by id (reason required, optional end)", adminBanInputSchema), async (c) => {
    // The route validated the body already (400 on a bad one); parsing again gives it its type here.
    const { reason, expiresAt } = adminBanInputSchema.parse(await c.req.json());
    return act(c, {
      action: "user.ban",
      notOnSelf: true,
      details: { reason, expiresAt: expiresAt ?? null },
      run: (userId) => banUserById(db, { userId, reason, expiresAt: expiresAt ? new Date(expiresAt) : null }),
    });
  });
  app.openapi(actionRoute("unban", "Lift a user's ban"), (c) =>
    act(c, { action: "user.unban", notOnSelf: false, run: (userId) => unbanUserById(db, { userId }) }),
  );
  app.openapi(actionRoute("grant-admin", "Give a user the admin role"), (c) =>
    act(c, { action: "user.grant_admin", notOnSelf: false, run: (userId) => setUserRole(db, { userId, role: "admin" }) }),
  );
  app.openapi(actionRoute("revoke-admin", "Take the admin role from a user"), (c) =>
    act(c, { action: "user.revoke_admin", notOnSelf: true, run: (userId) => setUserRole(db, { userId, role: "user" }) }),
  );
  return app;
}
