import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { adminAudit } from "~/infra/db/admin-schema";
import type { Database } from "~/infra/db/client";

// Reads of the admin audit log (issue 20): newest first, cursor pages, optionally for one user.

export type AdminAuditRow = typeof adminAudit.$inferSelect;

export async function listAdminActions(
  db: Database,
  {
    before,
    limit = 50,
    targetUserId,
    targetEmail,
  }: { before?: { createdAt: Date; id: string } | null; limit?: number; targetUserId?: string | null; targetEmail?: string | null },
): Promise<AdminAuditRow[]> {
  const conditions: (SQL | undefined)[] = [
    targetUserId ? eq(adminAudit.targetUserId, targetUserId) : undefined,
    // E-mails are audited lower-cased (recordAdminAction's callers pass the stored, lower-cased e-mail).
    targetEmail ? eq(adminAudit.targetEmail, targetEmail.toLowerCase()) : undefined,
    before
      ? or(lt(adminAudit.createdAt, before.createdAt), and(eq(adminAudit.createdAt, before.createdAt), lt(adminAudit.id, before.id)))
      : undefined,
  ];
  return db
    .select()
    .from(adminAudit)
    .where(and(...conditions))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}
