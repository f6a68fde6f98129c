import { eq } from "drizzle-orm";
import { userData } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";

// The user's smartlookSessions (spec section 3 "User data") live in the user data's integrations document
// under this key: a list of recording session ids, oldest first, without repeats. (A document key, not a
// column: no migration for one list the product only appends to.)
export const smartlookSessionsKey = "smartlookSessions";

export function storedSmartlookSessions(integrations: Record<string, unknown>): string[] {
  const value = integrations[smartlookSessionsKey];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The user's recording session ids, oldest first (empty when none or the user is gone). */
export async function listSmartlookSessions(db: Database, { userId }: { userId: string }): Promise<string[]> {
  const [row] = await db.select({ integrations: userData.integrations }).from(userData).where(eq(userData.userId, userId)).limit(1);
  return row ? storedSmartlookSessions(row.integrations) : [];
}
