import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { engineSettings } from "~/infra/db/engines-schema";

// Writes of the install's engine choices (issue 19): one transaction per admin save, so a process that reads
// between two variables of one change never sees half of it.

export interface EngineSettingWrite {
  name: string;
  /** The value as the variable would hold it (a secret already sealed); null removes it (back to the default). */
  value: string | null;
  isSecret: boolean;
}

export async function saveEngineSettings(
  db: Database,
  { writes, userId }: { writes: EngineSettingWrite[]; userId: string },
): Promise<void> {
  const removed = writes.filter((write) => write.value === null).map((write) => write.name);
  const kept = writes.flatMap((write) => (write.value === null ? [] : [{ ...write, value: write.value }]));
  await db.transaction(async (tx) => {
    if (removed.length > 0) await tx.delete(engineSettings).where(inArray(engineSettings.name, removed));
    if (kept.length === 0) return;
    await tx
      .insert(engineSettings)
      .values(
        kept.map((write) => ({ name: write.name, value: write.value, isSecret: write.isSecret, updatedBy: userId, updatedAt: new Date() })),
      )
      .onConflictDoUpdate({
        target: engineSettings.name,
        set: {
          value: sql`excluded.value`,
          isSecret: sql`excluded.is_secret`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  });
}
