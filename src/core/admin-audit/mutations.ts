import { type AdminAction, adminAudit } from "~/infra/db/admin-schema";
import type { Database } from "~/infra/db/client";

// Writes to the admin audit log (issue 20). Called by every admin action after it succeeded, in the same
// request; a failed write is the caller's error (an action that cannot be audited is not done silently).

export interface AdminActionInput {
  actor: { id: string; email: string } | null;
  action: AdminAction;
  target?: { userId?: string | null; email?: string | null; noteId?: string | null };
  details?: Record<string, unknown>;
}

export async function recordAdminAction(db: Database, { actor, action, target = {}, details = {} }: AdminActionInput): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action,
    targetUserId: target.userId ?? null,
    targetEmail: target.email ?? null,
    targetNoteId: target.noteId ?? null,
    details,
  });
}
