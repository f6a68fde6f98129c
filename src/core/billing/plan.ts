import type { Database } from "~/infra/db/client";
import type { PlanResponse } from "~/shared/billing/billing-api";
import type { Limits, PlanId } from "~/shared/billing/plans";
import type { Subscription } from "~/shared/billing/subscription";
import { findSubscription } from "./data";

// spec sections 3 and 6: the plan id is "pro" while the user's subscription is active (recurring or
// lifetime), else "free"; its limits come from configuration (interpretations 4).

export type PlanLimits = Record<PlanId, Limits>;

export function planIdOf(subscription: Subscription | null): PlanId {
  return subscription?.isActive === true ? "pro" : "free";
}

/** The user's plan: GET /api/user/plan less what the server says about itself (whether payments are on). */
export type UserPlan = Omit<PlanResponse, "paymentsOn">;

/** GET /api/user/plan: the subscription webhooks keep on user_data and the plan's limits. */
export async function getPlan(db: Database, limits: PlanLimits, { userId }: { userId: string }): Promise<UserPlan> {
  const subscription = await findSubscription(db, { userId });
  const id = planIdOf(subscription);
  return { id, subscription, limits: limits[id] };
}
