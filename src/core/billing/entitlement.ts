import { type ProductKey, productKeys, type Subscription } from "~/shared/billing/subscription";
import type { BillingSubscriptionRow } from "./data";
import { activeStatuses } from "./schema";
import type { BillingSettings } from "./settings";

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
export function entitlementOf(rows: readonly BillingSubscriptionRow[], catalog: BillingSettings["catalog"]): Subscription | null {
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
