import { eq } from "drizzle-orm";
import { userData } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import { maxSmartlookSessions } from "~/shared/accounts/session-recording-api";
import { smartlookSessionsKey, storedSmartlookSessions } from "./data";

/** spec section 7 `POST /user/add-smartlook-session`: adds the id once (a reload reports the same session). */
export async function addSmartlookSession(db: Database, { userId, sessionId }: { userId: string; sessionId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ integrations: userData.integrations }).from(userData).where(eq(userData.userId, userId)).for("update");
    if (!row) return;
    const sessions = storedSmartlookSessions(row.integrations);
    if (sessions.includes(sessionId)) return;
    const kept = [...sessions, sessionId].slice(-maxSmartlookSessions);
    await tx
      .update(userData)
      .set({ integrations: { ...row.integrations, [smartlookSessionsKey]: kept }, updatedAt: new Date() })
      .where(eq(userData.userId, userId));
  });
}
