import { eq } from "drizzle-orm";
import { userData } from "../../infra/db/auth-schema";
import type { Database } from "../../infra/db/client";
import type { PlanResponse } from "../../shared/billing/billing-api";
import type { Limits, PlanId } from "../../shared/billing/plans";
import { type Subscription, subscriptionSchema } from "../../shared/billing/subscription";

// spec sections 3 and 6: the plan id is "pro" while the user's subscription is active (recurring or
// lifetime), else "free"; its limits come from configuration (interpretations 4).

export type PlanLimits = Record<PlanId, Limits>;

export function planIdOf(subscription: Subscription | null): PlanId {
  return subscription?.isActive === true ? "pro" : "free";
}

/** GET /api/user/plan: the subscription webhooks keep on user_data and the plan's limits. */
export async function getPlan(db: Database, limits: PlanLimits, { userId }: { userId: string }): Promise<PlanResponse> {
  const [row] = await db.select({ subscription: userData.subscription }).from(userData).where(eq(userData.userId, userId));
  const parsed = subscriptionSchema.safeParse(row?.subscription);
  const subscription = parsed.success ? parsed.data : null;
  const id = planIdOf(subscription);
  return { id, subscription, limits: limits[id] };
}
