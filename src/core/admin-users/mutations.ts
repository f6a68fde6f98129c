import { eq } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";

// The admin users screen's actions by id (issue 20). Same effects as the e-mail-based ones in
// core/accounts/mutations.ts; each returns whether the id named a user. The caller audits.

async function updateUser(db: Database, userId: string, set: Partial<typeof user.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** The user's sessions stay: their next request answers 403 user_banned (spec section 6). */
export function banUserById(db: Database, { userId, reason, expiresAt }: { userId: string; reason: string; expiresAt: Date | null }) {
  return updateUser(db, userId, { banned: true, banReason: reason, banExpires: expiresAt });
}

export function unbanUserById(db: Database, { userId }: { userId: string }) {
  return updateUser(db, userId, { banned: false, banReason: null, banExpires: null });
}

export function setUserRole(db: Database, { userId, role }: { userId: string; role: "user" | "admin" }) {
  return updateUser(db, userId, { role });
}
