import { eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { siteRedirects } from "~/infra/db/schema";

// Site-wide configuration, not user data: no owner to scope by. Writes are admin-only (admin issue).

export async function findRedirect(db: Database, fromPath: string): Promise<string | null> {
  const rows = await db.select({ toUrl: siteRedirects.toUrl }).from(siteRedirects).where(eq(siteRedirects.fromPath, fromPath)).limit(1);
  return rows[0]?.toUrl ?? null;
}

// Capped so the table handed to the browser's guard stays small.
export const maxRedirects = 500;

export async function listRedirects(db: Database): Promise<Record<string, string>> {
  const rows = await db.select({ fromPath: siteRedirects.fromPath, toUrl: siteRedirects.toUrl }).from(siteRedirects).limit(maxRedirects);
  return Object.fromEntries(rows.map((row) => [row.fromPath, row.toUrl]));
}
