import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

// Issue 21 "Hardening": guards that must hold across every web process, so they live in PostgreSQL.

/**
 * Failed password sign-ins per e-mail address (lower-cased), whoever sent them: the per-address limit alone let
 * three addresses make 30 guesses a minute at one account. Keyed by the address typed, account or not, so the
 * answer does not tell which addresses have one.
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    email: text("email").primaryKey(),
    /** Failures since `windowStartedAt`. */
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    /** Sign-ins to this address are refused with 429 until then (null: not locked). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  // Rows untouched for a day are deleted (core/sign-in-limits): found by this.
  (table) => [index("sign_in_throttle_window_idx").on(table.windowStartedAt)],
);

/**
 * The first answer to a note-creating call sent with an Idempotency-Key, replayed to the same user's retries for
 * 24 hours. `status` null: the first request is still running.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of the method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: jsonb("body").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
