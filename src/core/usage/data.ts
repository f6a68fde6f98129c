import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { usageRecords } from "~/infra/db/usage-schema";
import type { Usage } from "~/shared/usage/usage-api";
import { usagePeriod } from "./schema";

/** The user's usage in the month of `at`; the id names the user and the month. */
export async function getUsage(db: Database, { userId, at = new Date() }: { userId: string; at?: Date }): Promise<Usage> {
  const period = usagePeriod(at);
  const rows = await db
    .select({ kind: usageRecords.kind, total: sql<number>`coalesce(sum(${usageRecords.amount}), 0)::int` })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), eq(usageRecords.period, period)))
    .groupBy(usageRecords.kind);
  const total = (kind: string) => rows.find((row) => row.kind === kind)?.total ?? 0;
  return { id: `${userId}:${period}`, usage: { transcriptionMinutes: total("transcription_minutes"), uploadCount: total("upload") } };
}
