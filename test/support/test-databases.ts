import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/infra/db/client";

export const databaseKinds = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

/** A fresh database of each kind; PostgreSQL ones are created on TEST_DATABASE_URL and dropped on close. */
export async function openTestDatabase(kind: DatabaseKind): Promise<{ handle: DatabaseHandle; url?: string }> {
  if (kind === "pglite") return { handle: await openDatabase({ dataDir: "memory://" }) };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL suites need a server (bash .ci/run starts one).");
  }
  const name = `parley_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, dataDir: "unused" });
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { handle, url: url.href };
}
