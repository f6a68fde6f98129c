import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

// Issue 21: several web and worker processes start against one PostgreSQL at once (a deploy, a scale-up),
// and each applies the migrations at start. drizzle's migrator reads the last applied migration, then runs
// the rest in a transaction, with no lock: two processes that start together both run the same
// migrations and one fails ("relation already exists"), so that process does not start. A session-level
// advisory lock, held on one connection for the whole run, lets one process migrate while the others
// wait, then find nothing left to do.

/** A fixed key of our own (pg-boss takes its own advisory locks on keys derived from its schema name). */
const migrationLockKey = 7_021_021_021;

export async function migratePostgresOnce(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
