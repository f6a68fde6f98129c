import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** spec section 2: a server-side redirect lookup per path (marketing moves, retired URLs). */
export const siteRedirects = pgTable("site_redirects", {
  id: uuid("id").primaryKey().defaultRandom(),
  fromPath: text("from_path").notNull().unique(),
  /** A path on this site or an absolute URL (which makes the browser do a full page load). */
  toUrl: text("to_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
