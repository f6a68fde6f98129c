import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as adminSchema from "./admin-schema";
import * as analyticsSchema from "./analytics-schema";
import * as authSchema from "./auth-schema";
import * as billingSchema from "./billing-schema";
import * as calendarSchema from "./calendar-schema";
import * as enginesSchema from "./engines-schema";
import * as meetingsSchema from "./meetings-schema";
import { migratePostgresOnce } from "./migrate-postgres";
import { isEveryMigrationApplied } from "./migrations-applied";
import * as notesSchema from "./notes-schema";
import * as requestGuardsSchema from "./request-guards-schema";
import * as siteSchema from "./schema";
import * as usageSchema from "./usage-schema";
import * as workspaceSchema from "./workspace-schema";

const schema = {
  ...siteSchema,
  ...authSchema,
  ...usageSchema,
  ...notesSchema,
  ...workspaceSchema,
  ...meetingsSchema,
  ...billingSchema,
  ...calendarSchema,
  ...enginesSchema,
  ...adminSchema,
  ...analyticsSchema,
  ...requestGuardsSchema,
};

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** One open database: PGlite in a folder (embedded default) or a PostgreSQL pool. */
export type DatabaseHandle =
  | { kind: "pglite"; db: Database; pglite: PGlite; migrate(): Promise<void>; ping(): Promise<boolean>; close(): Promise<void> }
  | {
      kind: "postgres";
      db: Database;
      pool: pg.Pool;
      url: string;
      migrate(): Promise<void>;
      ping(): Promise<boolean>;
      close(): Promise<void>;
    };

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  /** Errors of idle pooled connections (a restarted server, a dropped database); unhandled they crash the process. */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  pglite: given,
  onConnectionError,
}: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    // Pool size: the web role serves requests and embedded jobs; 10 is pg's default and fits PostgreSQL's 100.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // The pool replaces a broken idle connection by itself; the error only needs reporting.
    pool.on("error", (error) => onConnectionError?.(error));
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      pool,
      url: databaseUrl,
      // One process at a time when several start together (migrate-postgres.ts).
      migrate: () => migratePostgresOnce(pool, migrationsFolder),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let pglite = given;
  if (!pglite) {
    const folder = dataDir === "memory://" ? dataDir : path.resolve(dataDir, "pglite");
    if (folder !== "memory://") await mkdir(folder, { recursive: true });
    // pg_trgm: the admin users search's trigram indexes (migration 0017) need it loaded before migrating.
    pglite = await PGlite.create(folder, { extensions: { pg_trgm } });
  }
  const client = pglite;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite: client,
    // A restart usually has nothing to apply: checked in one query before drizzle's full run (decision 030).
    migrate: async () => {
      if (await isEveryMigrationApplied(client, migrationsFolder)) return;
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
