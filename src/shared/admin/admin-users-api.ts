import { z } from "zod";

// The admin users list, the per-user actions by id, and the audit log (issue 20, spec section 2).

export const adminUserStatusFilters = ["all", "active", "banned", "admin"] as const;
export type AdminUserStatusFilter = (typeof adminUserStatusFilters)[number];

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(320).optional(),
  status: z.enum(adminUserStatusFilters).default("all"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const adminUserRowSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    plan: z.enum(["free", "pro"]),
    usage: z.object({ transcriptionMinutes: z.number().int(), uploadCount: z.number().int() }),
    createdAt: z.iso.datetime(),
    role: z.enum(["user", "admin"]),
    status: z.enum(["active", "banned"]),
    banReason: z.string().nullable(),
    banExpires: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminUserRow" });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersResponseSchema = z
  .object({ success: z.literal(true), users: z.array(adminUserRowSchema), nextCursor: z.string().nullable() })
  .meta({ id: "AdminUsersResponse" });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminBanInputSchema = z
  .object({
    reason: z.string().trim().min(1).max(500),
    expiresAt: z.iso.datetime().nullable().optional(),
  })
  .strict();
export type AdminBanInput = z.infer<typeof adminBanInputSchema>;

export const adminUserActionByIdResponseSchema = z
  .object({ success: z.literal(true), user: adminUserRowSchema })
  .meta({ id: "AdminUserActionByIdResponse" });

export const adminAuditQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  userId: z.string().max(200).optional(),
  /** Actions about the account with this e-mail (any case); with userId, both must match. */
  email: z.string().trim().toLowerCase().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminAuditEntrySchema = z
  .object({
    id: z.string(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetUserId: z.string().nullable(),
    targetEmail: z.string().nullable(),
    targetNoteId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminAuditEntry" });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = z
  .object({ success: z.literal(true), entries: z.array(adminAuditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: "AdminAuditResponse" });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
