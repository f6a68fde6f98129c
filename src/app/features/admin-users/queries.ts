// The admin users and audit log pages' calls (issue 20), typed by src/shared/admin/ through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type {
  AdminAuditResponse,
  AdminBanInput,
  AdminUserRow,
  AdminUserStatusFilter,
  AdminUsersResponse,
} from "~/shared/admin/admin-users-api";

export async function fetchAdminUsers(
  query: { q: string; status: AdminUserStatusFilter; cursor: string | null },
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  return call(
    api().GET("/admin/users", {
      params: {
        query: { status: query.status, limit: 25, ...(query.q ? { q: query.q } : {}), ...(query.cursor ? { cursor: query.cursor } : {}) },
      },
      signal,
    }),
  );
}

export type AdminUserAction = "ban" | "unban" | "grant-admin" | "revoke-admin";

/** POST /api/admin/users/{userId}/{action}: the user as the list shows them afterwards. */
export async function runAdminUserAction(userId: string, action: AdminUserAction, ban?: AdminBanInput): Promise<AdminUserRow> {
  const params = { path: { userId } };
  const client = api();
  if (action === "ban") return (await call(client.POST("/admin/users/{userId}/ban", { params, body: ban ?? { reason: "" } }))).user;
  if (action === "unban") return (await call(client.POST("/admin/users/{userId}/unban", { params }))).user;
  if (action === "grant-admin") return (await call(client.POST("/admin/users/{userId}/grant-admin", { params }))).user;
  return (await call(client.POST("/admin/users/{userId}/revoke-admin", { params }))).user;
}

/** Whose actions the audit page shows: one user by id (the "Audit" link of a user row) or by e-mail; none: all. */
export interface AdminAuditFilter {
  userId?: string;
  email?: string;
}

export async function fetchAdminAudit(
  cursor: string | null,
  filter: AdminAuditFilter = {},
  signal?: AbortSignal,
): Promise<AdminAuditResponse> {
  const query = {
    limit: 50,
    ...(cursor ? { cursor } : {}),
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.email ? { email: filter.email } : {}),
  };
  return call(api().GET("/admin/audit", { params: { query }, signal }));
}
