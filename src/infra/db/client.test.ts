import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRedirect, listRedirects } from "~/core/site-redirects/data";
import { saveRedirect } from "~/core/site-redirects/mutations";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { type DatabaseHandle, queryRows } from "./client";

describe.each(databaseKinds)("database on %s", (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reports its kind and answers a ping", async () => {
    expect(database.kind).toBe(kind);
    expect(await database.ping()).toBe(true);
  });

  it("applies the migrations once and again without change", async () => {
    await database.migrate();
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "site_redirects",
        "user",
        "session",
        "account",
        "verification",
        "rate_limit",
        "user_data",
        "notes",
        "folders",
        "ai_notes",
        "chat_threads",
        "chat_messages",
      ]),
    );
    const applied = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    // Exactly one row per migration in drizzle-kit's journal: a second run applied nothing again.
    const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as { entries: unknown[] };
    expect(journal.entries.length).toBeGreaterThanOrEqual(7);
    expect(applied[0]?.count).toBe(journal.entries.length);
  });

  it("stores, updates and looks up site redirects", async () => {
    expect(await findRedirect(database.db, "/old-pricing")).toBeNull();
    await saveRedirect(database.db, { fromPath: "/old-pricing", toUrl: "/meeting-summarizer/" });
    await saveRedirect(database.db, { fromPath: "/blog", toUrl: "https://blog.example.com/" });
    await saveRedirect(database.db, { fromPath: "/old-pricing", toUrl: "/transcribe/" });
    expect(await findRedirect(database.db, "/old-pricing")).toBe("/transcribe/");
    expect(await listRedirects(database.db)).toEqual({ "/old-pricing": "/transcribe/", "/blog": "https://blog.example.com/" });
  });

  it("rejects a redirect that is not a path or an http(s) URL", async () => {
    await expect(saveRedirect(database.db, { fromPath: "no-slash", toUrl: "/x" })).rejects.toThrow(/must be a path/);
    await expect(saveRedirect(database.db, { fromPath: "/x", toUrl: "javascript:alert(1)" })).rejects.toThrow(/path or an http/);
  });
});
