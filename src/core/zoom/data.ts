import { eq } from "drizzle-orm";
import { zoomConnections } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";

export type ZoomConnectionRow = typeof zoomConnections.$inferSelect;

/** The user's Zoom connection (one per user), or null. */
export async function findZoomConnection(db: Database, { userId }: { userId: string }): Promise<ZoomConnectionRow | null> {
  const [row] = await db.select().from(zoomConnections).where(eq(zoomConnections.userId, userId)).limit(1);
  return row ?? null;
}
