import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/support/test-databases";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "./client";
import { migratePostgresOnce } from "./migrate-postgres";

// Issue 21: four processes starting together on one fresh PostgreSQL database all migrate it; without the
// lock, all but one fail with "already exists" and do not start.
describe("migrations when several processes start at once", () => {
  let database: { handle: DatabaseHandle; url?: string };
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.handle.close();
  });

  it("applies every migration once and every process starts", async () => {
    for (let index = 0; index < 4; index++) pools.push(new pg.Pool({ connectionString: database.url, max: 2 }));
    const results = await Promise.allSettled(pools.map((pool) => migratePostgresOnce(pool, migrationsFolder)));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    const applied = await (pools[0] as pg.Pool).query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    const hashes = applied.rows.map((row) => row.hash);
    expect(hashes.length).toBeGreaterThan(10);
    expect(new Set(hashes).size).toBe(hashes.length);
    // A later start (the same database, migrated) finds nothing to do and still starts.
    const again = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
    await again.migrate();
    await again.close();
  });
});
