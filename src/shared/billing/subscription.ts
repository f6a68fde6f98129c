import { z } from "zod";

// What user_data.subscription holds and GET /api/user, /api/user/plan and /api/payment/subscriptions
// answer (spec section 3 "Subscription", interpretations 24). Recomputed from every Paddle subscription
// and lifetime purchase of the user whenever a webhook changes one.

export const productKeys = ["1month", "3month", "1year", "lifetime"] as const;
export type ProductKey = (typeof productKeys)[number];

export const subscriptionSchema = z.object({
  isActive: z.boolean(),
  /** day | week | month | year for recurring plans, "lifetime" for the one-time purchase. */
  interval: z.string().nullable(),
  subscriptionPlatform: z.literal("web"),
  /** Billing frequency of the interval (3 for "3 months"); 1 for lifetime. */
  intervalCount: z.number().int().positive().nullable().optional(),
  productKey: z.enum(productKeys).nullable().optional(),
  /** Paddle's subscription id (sub_…) or, for lifetime, the transaction id (txn_…). */
  subscriptionId: z.string().nullable().optional(),
  /** Paddle status: active, trialing, past_due, paused, canceled (lifetime: active). */
  status: z.string().nullable().optional(),
  /** ISO time of the next renewal; null when it will not renew. */
  renewsAt: z.string().nullable().optional(),
  /** ISO time Pro ends: a scheduled cancellation's effective time, or when a canceled one ended. */
  endsAt: z.string().nullable().optional(),
  /** True while a cancellation at the period end is scheduled (then stop-cancellation resumes it). */
  cancelAtPeriodEnd: z.boolean().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** spec section 6: Pro = an active subscription; recurring = Pro with an interval other than lifetime. */
export function isRecurring(subscription: Subscription | null): boolean {
  return subscription?.isActive === true && subscription.interval !== "lifetime";
}
