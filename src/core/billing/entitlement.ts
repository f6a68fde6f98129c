import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { userData } from "../../infra/db/auth-schema";
import { billingSubscriptions } from "../../infra/db/billing-schema";
import type { Database } from "../../infra/db/client";
import { notifyAccountChanged } from "../../infra/db/note-changes";
import { type ProductKey, productKeys, type Subscription } from "../../shared/billing/subscription";
import type { BillingSettings } from "./billing-env";
import { activeStatuses } from "./schema";

type BillingRow = typeof billingSubscriptions.$inferSelect;

/** The product key (1month, …, lifetime) whose price id this is, in whichever pricing tier. */
export function productKeyOfPrice(catalog: BillingSettings["catalog"], priceId: string | null): ProductKey | null {
  if (!priceId) return null;
  for (const tier of Object.values(catalog)) {
    for (const key of productKeys) if (tier[key] === priceId) return key;
  }
  return null;
}

export function isActiveStatus(status: string): boolean {
  return (activeStatuses as readonly string[]).includes(status);
}

/**
 * spec sections 3 and 6, interpretations 24: the user's entitlement from all their Paddle rows, oldest
 * event first. A lifetime purchase wins; else the newest active subscription; with none active, the
 * newest row as not active (so the page can say when Pro ended); null when the user never paid.
 */
export function entitlementOf(rows: readonly BillingRow[], catalog: BillingSettings["catalog"]): Subscription | null {
  const ordered = [...rows].sort((a, b) => a.eventOccurredAt.getTime() - b.eventOccurredAt.getTime());
  const active = ordered.filter((row) => isActiveStatus(row.status));
  const chosen = active.findLast((row) => row.kind === "lifetime") ?? active.at(-1) ?? ordered.at(-1);
  if (!chosen) return null;
  const change = chosen.scheduledChange;
  const isCancelScheduled = change?.action === "cancel";
  // A pause also ends Pro at its effective time; a scheduled resume does not.
  const endsAt =
    change && (change.action === "cancel" || change.action === "pause") ? change.effective_at : chosen.canceledAt?.toISOString();
  return {
    isActive: isActiveStatus(chosen.status),
    interval: chosen.kind === "lifetime" ? "lifetime" : chosen.interval,
    subscriptionPlatform: "web",
    intervalCount: chosen.intervalCount,
    productKey: productKeyOfPrice(catalog, chosen.priceId) ?? (chosen.kind === "lifetime" ? "lifetime" : null),
    subscriptionId: chosen.id,
    status: chosen.status,
    renewsAt: isCancelScheduled || chosen.kind === "lifetime" ? null : (chosen.nextBilledAt?.toISOString() ?? null),
    endsAt: endsAt ?? null,
    cancelAtPeriodEnd: isCancelScheduled,
  };
}

/**
 * Recomputes user_data.subscription from the user's rows and, when it changed, tells the user's open
 * pages (the notification goes out when the caller's transaction commits). Returns the entitlement.
 */
export async function recomputeEntitlement(
  db: Database,
  settings: Pick<BillingSettings, "catalog">,
  { userId }: { userId: string },
): Promise<Subscription | null> {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(asc(billingSubscriptions.eventOccurredAt));
  const next = entitlementOf(rows, settings.catalog);
  // Written only when it differs, so a replayed or older event leaves the row (and its updated_at) alone.
  const isDifferent =
    next === null ? isNotNull(userData.subscription) : sql`${userData.subscription} is distinct from ${JSON.stringify(next)}::jsonb`;
  const changed = await db
    .update(userData)
    .set({ subscription: next, updatedAt: new Date() })
    .where(and(eq(userData.userId, userId), isDifferent))
    .returning({ userId: userData.userId });
  if (changed.length > 0) await notifyAccountChanged(db, { userId });
  return next;
}
