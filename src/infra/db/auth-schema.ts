import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// better-auth's tables (core + admin plugin + database rate limits), written from its documented schema
// because its schema CLI fails on Node 20 (known-traps). JS field names are the ones better-auth uses.
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // admin plugin: role "admin" is the spec's IS_ADMIN (interpretations 7); bans with reason and expiry.
  role: text("role").notNull().default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** Rate-limit counters in the database, so every web process shares them (better-auth storage "database"). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Milliseconds since the epoch: past 2^31, so bigint.
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The product's user data next to the auth user (spec section 3, "User data"): a stable cerebroId
 * (interpretations 6), settings, onboarding flags, billing ids, click ids. One row per user.
 */
export const userData = pgTable("user_data", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  cerebroId: uuid("cerebro_id").notNull().unique().defaultRandom(),
  language: text("language"),
  onboarding: jsonb("onboarding").$type<Record<string, boolean>>().notNull().default({}),
  /** Onboarding answers: what the user wants to capture and the language of their meetings. */
  preferences: jsonb("preferences").$type<{ captureKinds?: string[]; meetingLanguage?: string }>().notNull().default({}),
  clickIds: jsonb("click_ids").$type<Record<string, string>>().notNull().default({}),
  integrations: jsonb("integrations").$type<Record<string, unknown>>().notNull().default({}),
  paddleCustomerId: text("paddle_customer_id"),
  paddleCustomerEmail: text("paddle_customer_email"),
  subscription: jsonb("subscription").$type<Record<string, unknown> | null>(),
  isPaymentInitiated: boolean("is_payment_initiated").notNull().default(false),
  /** True once the client has stored its first user data (spec: `initialSet`). */
  initialSet: boolean("initial_set").notNull().default(false),
  ...timestamps,
});
