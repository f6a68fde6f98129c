import { readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";

// Start-up (issue 22, decision 030): drizzle's migrator reads and hashes every migration file, then runs
// CREATE SCHEMA / CREATE TABLE IF NOT EXISTS and a transaction even when nothing is left to apply. It applies
// a migration only when the newest applied one's created_at is older than that migration's journal `when`,
// so when the database's newest is at least the journal's newest there is nothing to do: one small file and
// one query say so, and the migrator runs only otherwise.

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number() })) });

/** True when every migration in the folder's journal is already applied to this database. */
export async function isEveryMigrationApplied(client: PGlite, migrationsFolder: string): Promise<boolean> {
  const journal = journalSchema.parse(JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")));
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  let applied: number;
  try {
    // Text, not bigint: the driver's number type for int8 is not what is compared here.
    const result = await client.query<{ newest: string | null }>(
      "select max(created_at)::text as newest from drizzle.__drizzle_migrations",
    );
    applied = Number(result.rows[0]?.newest ?? Number.NaN);
  } catch {
    return false; // a new database: no migrations table yet
  }
  return Number.isFinite(applied) && applied >= newest;
}
