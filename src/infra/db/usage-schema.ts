import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/**
 * Metered usage (issue 4, for the billing issue to enforce): one row per counted fact, so a retried job
 * cannot count twice (unique kind + source), and a month's usage is a sum over its rows.
 */
export const usageRecords = pgTable(
  "usage_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Calendar month in UTC, `YYYY-MM`: plan limits are per month (interpretations 4). */
    period: text("period").notNull(),
    kind: text("kind", { enum: ["transcription_minutes", "upload"] }).notNull(),
    amount: integer("amount").notNull(),
    /** What was counted (a note id): the idempotency key. */
    sourceId: text("source_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("usage_records_kind_source_idx").on(table.kind, table.sourceId)],
);
