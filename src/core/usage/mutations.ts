import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notifyAccountChanged } from "~/infra/db/note-changes";
import { usageRecords } from "~/infra/db/usage-schema";
import { billableMinutes, usagePeriod } from "./schema";

/**
 * Counts a transcribed note once (a retried job records nothing new). Failed transcriptions are not
 * recorded by the pipeline (interpretations 4).
 */
export async function recordTranscription(
  db: Database,
  { userId, noteId, seconds, at = new Date() }: { userId: string; noteId: string; seconds: number; at?: Date },
): Promise<void> {
  const minutes = billableMinutes(seconds);
  if (minutes === 0) return;
  const inserted = await db
    .insert(usageRecords)
    .values({ userId, period: usagePeriod(at), kind: "transcription_minutes", amount: minutes, sourceId: noteId })
    .onConflictDoNothing()
    .returning({ userId: usageRecords.userId });
  // Open pages show usage live (issue 7).
  if (inserted.length > 0) await notifyAccountChanged(db, { userId });
}

/** Counts an upload once per note. */
export async function recordUpload(
  db: Database,
  { userId, noteId, at = new Date() }: { userId: string; noteId: string; at?: Date },
): Promise<void> {
  const inserted = await db
    .insert(usageRecords)
    .values({ userId, period: usagePeriod(at), kind: "upload", amount: 1, sourceId: noteId })
    .onConflictDoNothing()
    .returning({ userId: usageRecords.userId });
  if (inserted.length > 0) await notifyAccountChanged(db, { userId });
}

/**
 * Gives an upload back: a transcription that failed because of the product (its engine, a language it
 * offered, a file it lost) never uses up the user's quota (issue 17). A retry counts it again.
 */
export async function releaseUpload(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<void> {
  const deleted = await db
    .delete(usageRecords)
    .where(and(eq(usageRecords.userId, userId), eq(usageRecords.kind, "upload"), eq(usageRecords.sourceId, noteId)))
    .returning({ userId: usageRecords.userId });
  if (deleted.length > 0) await notifyAccountChanged(db, { userId });
}
