import { eq, sql } from "drizzle-orm";
import { userData } from "~/infra/db/auth-schema";
import { zoomConnections } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";

// Writes of the user's Zoom connection (interpretations 22). Tokens arrive sealed by the caller.

/** A connected (or reconnected) Zoom account; sets the onboarding flag zoomConnected (interpretations 23). */
export async function saveZoomConnection(
  db: Database,
  input: { userId: string; accountEmail: string | null; refreshTokenEnc: string; accessTokenEnc: string; accessTokenExpiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const values = { ...input, status: "active" as const, updatedAt: now };
    await tx.insert(zoomConnections).values(values).onConflictDoUpdate({ target: zoomConnections.userId, set: values });
    await tx
      .insert(userData)
      .values({ userId: input.userId, integrations: { zoom: true }, onboarding: { zoomConnected: true } })
      .onConflictDoUpdate({
        target: userData.userId,
        set: {
          integrations: sql`${userData.integrations} || '{"zoom":true}'::jsonb`,
          onboarding: sql`${userData.onboarding} || '{"zoomConnected":true}'::jsonb`,
          updatedAt: now,
        },
      });
  });
}

/** A refreshed access token; Zoom rotates the refresh token on every refresh, so the new one replaces it. */
export async function saveZoomTokens(
  db: Database,
  {
    userId,
    accessTokenEnc,
    accessTokenExpiresAt,
    refreshTokenEnc,
  }: { userId: string; accessTokenEnc: string; accessTokenExpiresAt: Date; refreshTokenEnc: string | null },
): Promise<void> {
  await db
    .update(zoomConnections)
    .set({ accessTokenEnc, accessTokenExpiresAt, ...(refreshTokenEnc ? { refreshTokenEnc } : {}), updatedAt: new Date() })
    .where(eq(zoomConnections.userId, userId));
}

/** Zoom refused the grant (revoked, signed out everywhere): the settings page offers to connect again. */
export async function markZoomReconnect(db: Database, { userId }: { userId: string }): Promise<void> {
  await db
    .update(zoomConnections)
    .set({ status: "reconnect", accessTokenEnc: null, updatedAt: new Date() })
    .where(eq(zoomConnections.userId, userId));
}

/** One more join token fetched with the grant (support reads it). */
export async function countZoomUse(db: Database, { userId }: { userId: string }): Promise<void> {
  await db
    .update(zoomConnections)
    .set({ useCount: sql`${zoomConnections.useCount} + 1` })
    .where(eq(zoomConnections.userId, userId));
}

/** Forgets the connection (integrations.zoom false); the onboarding flag stays: connecting happened. */
export async function deleteZoomConnection(db: Database, { userId }: { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(zoomConnections).where(eq(zoomConnections.userId, userId));
    await tx
      .update(userData)
      .set({ integrations: sql`${userData.integrations} || '{"zoom":false}'::jsonb`, updatedAt: new Date() })
      .where(eq(userData.userId, userId));
  });
}
