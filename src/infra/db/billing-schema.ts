import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/** Paddle's scheduled change of a subscription, as its webhooks and API send it (snake_case). */
export interface PaddleScheduledChange {
  action: "cancel" | "pause" | "resume" | (string & {});
  effective_at: string;
  resume_at: string | null;
}

/**
 * Every Paddle webhook received, stored once by its event id (issue 7): a redelivery or a replay finds
 * its id here and changes nothing. Kept with the raw payload for support and for events that arrive
 * before the user they belong to is known (user_id null, error "no user").
 */
export const paddleEvents = pgTable(
  "paddle_events",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    notificationId: text("notification_id"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** The signed body, parsed. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    error: text("error"),
  },
  (table) => [index("paddle_events_user_idx").on(table.userId)],
);

/**
 * What Paddle says about each paid thing a user has: a subscription (id sub_…) or a lifetime purchase
 * (id txn_…). The user's entitlement (user_data.subscription) is recomputed from all their rows.
 * Paddle does not order deliveries, so a row keeps the occurred_at of the last event applied to it
 * and older events leave it alone.
 */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["subscription", "lifetime"] }).notNull(),
    /** Paddle's status: active, trialing, past_due, paused, canceled (lifetime: active). */
    status: text("status").notNull(),
    priceId: text("price_id"),
    productKey: text("product_key"),
    /** day | week | month | year, or "lifetime". */
    interval: text("interval").notNull(),
    intervalCount: integer("interval_count").notNull().default(1),
    customerId: text("customer_id"),
    transactionId: text("transaction_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    nextBilledAt: timestamp("next_billed_at", { withTimezone: true }),
    scheduledChange: jsonb("scheduled_change").$type<PaddleScheduledChange | null>(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    eventOccurredAt: timestamp("event_occurred_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("billing_subscriptions_user_idx").on(table.userId)],
);
