import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

// The analytics gateway's storage (issue 20, spec sections 3 and 7): events of POST /log/web, the users of
// POST /user/web and the replay guard of interpretations 26. Analytics ids are the gateway's own ('web_' +
// encoded id, anonymous visitors included), so nothing here references the accounts tables.

/** One row per event of a POST /log/web batch (spec section 3 "Analytics event"). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    appId: text("app_id").notNull(),
    version: text("version").notNull(),
    /** 1 success, 0 failure (config_result). */
    result: smallint("result").notNull(),
    sessionId: text("session_id").notNull(),
    eventGroup: text("event_group").notNull(),
    eventName: text("event_name").notNull(),
    /** Epoch milliseconds as the client sent them (its clock, not ours). */
    eventTime: bigint("event_time", { mode: "number" }).notNull(),
    duration: integer("duration").notNull(),
    eventCategory: text("event_category").notNull(),
    page: text("page").notNull(),
    /** The event's key/value pairs as one object (values are text, as sent). */
    properties: jsonb("properties").$type<Record<string, string>>().notNull().default({}),
    sdkVersion: text("sdk_version"),
    /** The API key (key id header) the batch was signed with. */
    keyId: text("key_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("analytics_events_user_time_idx").on(table.userId, table.eventTime),
    index("analytics_events_received_idx").on(table.receivedAt),
  ],
);

/** POST /user/web: one row per analytics user and app, the latest call wins. */
export const analyticsUsers = pgTable(
  "analytics_users",
  {
    userId: text("user_id").notNull(),
    appId: text("app_id").notNull(),
    version: text("version").notNull(),
    operatingSystem: text("operating_system").notNull(),
    /** spec section 9: source_medium::campaign::content::term; null without attribution. */
    trackerName: text("tracker_name"),
    properties: jsonb("properties").$type<Record<string, string>>().notNull().default({}),
    /** The product's own user id of a signed-in user. */
    accountId: text("account_id"),
    keyId: text("key_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.appId] })],
);

/** interpretations 26: an rs seen within the timestamp window is a replay; older rows are pruned. */
export const analyticsSignatures = pgTable(
  "analytics_signatures",
  {
    signature: text("signature").primaryKey(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("analytics_signatures_seen_idx").on(table.seenAt)],
);
