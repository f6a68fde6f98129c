import { randomUUID } from "node:crypto";
import { defaultCatalog } from "../../src/core/billing/settings";

// Paddle notification bodies in Paddle's own shape (research section 1.3, trimmed to what is read plus a
// few fields Paddle always sends), for tests that feed the webhook handling directly.

export const samplePrices = {
  monthly: defaultCatalog.t1["1month"],
  quarterly: defaultCatalog.t1["3month"],
  yearly: defaultCatalog.t5["1year"],
  lifetime: defaultCatalog.t5.lifetime,
};

export interface SampleSubscription {
  id: string;
  status?: string;
  customerId?: string;
  customData?: Record<string, string> | null;
  priceId?: string;
  interval?: "day" | "week" | "month" | "year";
  frequency?: number;
  nextBilledAt?: string | null;
  periodEndsAt?: string | null;
  scheduledChange?: { action: string; effective_at: string; resume_at: string | null } | null;
  canceledAt?: string | null;
  transactionId?: string | null;
}

export function paddleEvent(eventType: string, occurredAt: string, data: Record<string, unknown>, eventId = `evt_${randomUUID()}`) {
  return { event_id: eventId, event_type: eventType, occurred_at: occurredAt, notification_id: `ntf_${randomUUID()}`, data };
}

export function subscriptionData(s: SampleSubscription): Record<string, unknown> {
  const interval = s.interval ?? "month";
  const billingCycle = { interval, frequency: s.frequency ?? 1 };
  return {
    id: s.id,
    status: s.status ?? "active",
    customer_id: s.customerId ?? "ctm_01sample",
    address_id: "add_01sample",
    business_id: null,
    currency_code: "USD",
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-01T00:00:00.000Z",
    started_at: "2025-01-01T00:00:00.000Z",
    first_billed_at: "2025-01-01T00:00:00.000Z",
    next_billed_at: s.nextBilledAt === undefined ? "2025-02-01T00:00:00.000Z" : s.nextBilledAt,
    paused_at: null,
    canceled_at: s.canceledAt ?? null,
    discount: null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period:
      s.periodEndsAt === null ? null : { starts_at: "2025-01-01T00:00:00.000Z", ends_at: s.periodEndsAt ?? "2025-02-01T00:00:00.000Z" },
    billing_cycle: billingCycle,
    scheduled_change: s.scheduledChange ?? null,
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        price: { id: s.priceId ?? samplePrices.monthly, product_id: "pro_01parleypro", billing_cycle: billingCycle, trial_period: null },
      },
    ],
    custom_data: s.customData === undefined ? null : s.customData,
    transaction_id: s.transactionId ?? null,
    import_meta: null,
  };
}

export function transactionData(t: {
  id: string;
  priceId: string;
  customerId?: string;
  customData?: Record<string, string> | null;
  subscriptionId?: string | null;
}): Record<string, unknown> {
  return {
    id: t.id,
    status: "completed",
    origin: "web",
    customer_id: t.customerId ?? "ctm_01sample",
    subscription_id: t.subscriptionId ?? null,
    currency_code: "USD",
    custom_data: t.customData ?? null,
    billed_at: "2025-01-01T00:00:00.000Z",
    items: [{ price_id: t.priceId, price: { id: t.priceId, billing_cycle: null }, quantity: 1 }],
  };
}

export function customerData(c: { id: string; email: string }): Record<string, unknown> {
  return { id: c.id, name: null, email: c.email, locale: "en", status: "active", marketing_consent: false, custom_data: null };
}
