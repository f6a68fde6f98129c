import { z } from "zod";

// Paddle Billing webhook bodies (research section 1.3), read after the signature is checked. Only the
// fields the entitlement needs are named; the rest of each body is kept as it came in paddle_events.

/** The envelope of every Paddle notification. */
export const paddleEventInput = z.object({
  event_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  occurred_at: z.iso.datetime({ offset: true }),
  notification_id: z.string().max(200).nullish(),
  data: z.record(z.string(), z.unknown()),
});
export type PaddleEventInput = z.infer<typeof paddleEventInput>;

/** custom_data of the checkout (spec section 3 "Checkout payload"), copied to its transaction and subscription. */
const customData = z.object({ userId: z.string().optional(), cerebroId: z.string().optional() }).nullish().catch(null);

const interval = z.enum(["day", "week", "month", "year"]);
const billingCycle = z.object({ interval, frequency: z.number().int().positive() });
const itemPrice = z.object({ id: z.string(), billing_cycle: billingCycle.nullish() });

export const scheduledChangeSchema = z.object({
  action: z.string(),
  effective_at: z.string(),
  resume_at: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});

/** data of subscription.* events. */
export const paddleSubscriptionData = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  customer_id: z.string().nullish(),
  custom_data: customData,
  transaction_id: z.string().nullish(),
  billing_cycle: billingCycle,
  next_billed_at: z.string().nullish(),
  canceled_at: z.string().nullish(),
  current_billing_period: z.object({ starts_at: z.string(), ends_at: z.string() }).nullish(),
  scheduled_change: scheduledChangeSchema.nullish(),
  items: z.array(z.object({ price: itemPrice.nullish() })).default([]),
});
export type PaddleSubscriptionData = z.infer<typeof paddleSubscriptionData>;

/** data of transaction.* events. */
export const paddleTransactionData = z.object({
  id: z.string().min(1),
  status: z.string(),
  customer_id: z.string().nullish(),
  custom_data: customData,
  subscription_id: z.string().nullish(),
  items: z.array(z.object({ price: itemPrice.nullish(), price_id: z.string().nullish() })).default([]),
});
export type PaddleTransactionData = z.infer<typeof paddleTransactionData>;

/** data of customer.* events. */
export const paddleCustomerData = z.object({ id: z.string().min(1), email: z.string().nullish() });

export const subscriptionEventTypes = [
  "subscription.created",
  "subscription.updated",
  "subscription.activated",
  "subscription.canceled",
  "subscription.past_due",
  "subscription.paused",
  "subscription.resumed",
  "subscription.trialing",
] as const;
export const transactionEventTypes = ["transaction.completed", "transaction.paid"] as const;
export const customerEventTypes = ["customer.created", "customer.updated"] as const;

/** Statuses that keep Pro (Paddle retries a past_due payment before it cancels). */
export const activeStatuses = ["active", "trialing", "past_due"] as const;
