import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrationsFolder, openDatabase, queryRows } from "./client";
import { isEveryMigrationApplied } from "./migrations-applied";

// Decision 030: a restart skips drizzle's migrator only when the journal's newest migration is applied.
describe("isEveryMigrationApplied (PGlite start-up)", () => {
  let database: DatabaseHandle | null = null;
  afterAll(async () => {
    await database?.close();
  });

  it("says no on a new database and on one behind the journal, yes once every migration is applied", async () => {
    database = await openDatabase({ dataDir: "memory://" });
    if (database.kind !== "pglite") throw new Error("expected PGlite");
    expect(await isEveryMigrationApplied(database.pglite, migrationsFolder)).toBe(false);
    await database.migrate();
    const tables = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'notes'`,
    );
    expect(tables[0]?.n).toBe(1);
    expect(await isEveryMigrationApplied(database.pglite, migrationsFolder)).toBe(true);
    // As a database from the previous release looks: its newest applied row is older than the journal's newest.
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await isEveryMigrationApplied(database.pglite, migrationsFolder)).toBe(false);
  });
});
