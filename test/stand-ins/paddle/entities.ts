import { randomBytes, randomUUID } from "node:crypto";
import type {
  ICustomerResponse,
  IDiscountResponse,
  IPriceResponse,
  IPricingPreviewLineItemResponse,
  IProductResponse,
  ISubscriptionResponse,
  ITimePeriod,
  ITotals,
  ITransactionResponse,
  ITransactionTotalsResponse,
} from "@paddle/paddle-node-sdk";

// Complete Paddle entities as the API and webhooks carry them. Typed with the SDK's own response types so
// a missing field fails tsc here instead of crashing the SDK's entity constructors in the app.

const crockford = "0123456789abcdefghjkmnpqrstvwxyz";

/** An id shaped like Paddle's: prefix, "_01", then 24 lowercase base32 characters (26 after the underscore). */
export function paddleId(prefix: string): string {
  const bytes = randomBytes(24);
  let tail = "";
  for (const byte of bytes) tail += crockford[byte % 32];
  return `${prefix}_01${tail}`;
}

/** Adds one billing cycle (month × n or year × n) in UTC. */
export function addCycle(iso: string, cycle: ITimePeriod): string {
  const date = new Date(iso);
  if (cycle.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + cycle.frequency);
  else if (cycle.interval === "month") date.setUTCMonth(date.getUTCMonth() + cycle.frequency);
  else date.setUTCDate(date.getUTCDate() + cycle.frequency * (cycle.interval === "week" ? 7 : 1));
  return date.toISOString();
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Totals in minor units; only percentage discounts exist in the catalog (Paddle rounds half up per unit). */
export function priceTotals(price: IPriceResponse, discount: IDiscountResponse | null, quantity: number) {
  const unit = Number(price.unit_price.amount);
  const unitDiscount = discount?.type === "percentage" ? Math.round((unit * Number(discount.amount)) / 100) : 0;
  const asTotals = (subtotal: number, off: number): ITotals => ({
    subtotal: String(subtotal),
    discount: String(off),
    tax: "0",
    total: String(subtotal - off),
  });
  const formatted = (totals: ITotals): ITotals => ({
    subtotal: formatUsd(Number(totals.subtotal)),
    discount: formatUsd(Number(totals.discount)),
    tax: formatUsd(0),
    total: formatUsd(Number(totals.total)),
  });
  const unitTotals = asTotals(unit, unitDiscount);
  const totals = asTotals(unit * quantity, unitDiscount * quantity);
  return { unitTotals, totals, formattedUnitTotals: formatted(unitTotals), formattedTotals: formatted(totals) };
}

export function pricingPreviewLineItem(
  price: IPriceResponse,
  product: IProductResponse,
  quantity: number,
  discount: IDiscountResponse | null,
): IPricingPreviewLineItemResponse {
  const { unitTotals, totals, formattedUnitTotals, formattedTotals } = priceTotals(price, discount, quantity);
  return {
    price,
    quantity,
    tax_rate: "0",
    unit_totals: unitTotals,
    formatted_unit_totals: formattedUnitTotals,
    totals,
    formatted_totals: formattedTotals,
    product,
    discounts: discount ? [{ discount, total: totals.discount, formatted_total: formattedTotals.discount }] : [],
  };
}

export function customerEntity(email: string, now: string): ICustomerResponse {
  return {
    id: paddleId("ctm"),
    name: null,
    email,
    marketing_consent: false,
    status: "active",
    custom_data: null,
    locale: "en",
    created_at: now,
    updated_at: now,
    import_meta: null,
  };
}

// Paddle's fee in the sandbox: 5% + 50¢ of the total.
function transactionTotals(totals: ITotals): ITransactionTotalsResponse {
  const total = Number(totals.total);
  const fee = total === 0 ? 0 : Math.round(total * 0.05) + 50;
  return {
    ...totals,
    credit: "0",
    credit_to_balance: "0",
    balance: "0",
    grand_total: totals.total,
    grand_total_tax: "0",
    fee: String(fee),
    earnings: String(total - fee),
    currency_code: "USD",
  };
}

let invoiceSequence = 10_000;

export interface TransactionInput {
  customerId: string;
  addressId: string;
  price: IPriceResponse;
  product: IProductResponse;
  discount: IDiscountResponse | null;
  customData: Record<string, unknown> | null;
  subscriptionId: string | null;
  billingPeriod: { starts_at: string; ends_at: string } | null;
  now: string;
}

/** A completed web checkout's transaction, paid by the stand-in's test card (Visa 4242). */
export function transactionEntity(input: TransactionInput): ITransactionResponse {
  const { unitTotals, totals } = priceTotals(input.price, input.discount, 1);
  const moneyTotals = transactionTotals(totals);
  invoiceSequence += 1;
  return {
    id: paddleId("txn"),
    status: "completed",
    customer_id: input.customerId,
    address_id: input.addressId,
    business_id: null,
    custom_data: input.customData,
    currency_code: "USD",
    origin: "web",
    subscription_id: input.subscriptionId,
    invoice_id: paddleId("inv"),
    invoice_number: `325-${invoiceSequence}`,
    collection_mode: "automatic",
    discount_id: input.discount?.id ?? null,
    billing_details: null,
    billing_period: input.billingPeriod,
    items: [{ price_id: input.price.id, price: input.price, quantity: 1, proration: null }],
    details: {
      tax_rates_used: [{ tax_rate: "0", totals }],
      totals: moneyTotals,
      adjusted_totals: {
        subtotal: totals.subtotal,
        tax: "0",
        total: totals.total,
        grand_total: totals.total,
        grand_total_tax: "0",
        fee: moneyTotals.fee,
        earnings: moneyTotals.earnings,
        currency_code: "USD",
        retained_fee: "0",
      },
      payout_totals: {
        subtotal: totals.subtotal,
        discount: totals.discount,
        tax: "0",
        total: totals.total,
        credit: "0",
        balance: "0",
        grand_total: totals.total,
        grand_total_tax: "0",
        credit_to_balance: "0",
        fee: moneyTotals.fee ?? "0",
        earnings: moneyTotals.earnings ?? "0",
        currency_code: "USD",
        exchange_rate: "1",
        fee_rate: "0.05",
      },
      adjusted_payout_totals: null,
      line_items: [
        {
          id: paddleId("txnitm"),
          price_id: input.price.id,
          quantity: 1,
          proration: null,
          tax_rate: "0",
          unit_totals: unitTotals,
          totals,
          product: input.product,
        },
      ],
    },
    payments: [
      {
        payment_attempt_id: randomUUID(),
        stored_payment_method_id: randomUUID(),
        payment_method_id: paddleId("paymtd"),
        amount: totals.total,
        status: "captured",
        error_code: null,
        method_details: {
          type: "card",
          card: { type: "visa", last4: "4242", expiry_month: 12, expiry_year: 2030, cardholder_name: "Stand-in Buyer" },
          paypal: null,
          south_korea_local_card: null,
          underlying_details: null,
        },
        created_at: input.now,
        captured_at: input.now,
      },
    ],
    checkout: { url: null },
    created_at: input.now,
    updated_at: input.now,
    billed_at: input.now,
    revised_at: null,
  };
}

export interface SubscriptionInput {
  customerId: string;
  addressId: string;
  price: IPriceResponse & { billing_cycle: ITimePeriod };
  product: IProductResponse;
  discount: IDiscountResponse | null;
  customData: Record<string, unknown> | null;
  now: string;
}

/** An active subscription started now; its first period runs one billing cycle. */
export function subscriptionEntity(input: SubscriptionInput, id = paddleId("sub")): ISubscriptionResponse {
  const endsAt = addCycle(input.now, input.price.billing_cycle);
  return {
    id,
    status: "active",
    customer_id: input.customerId,
    address_id: input.addressId,
    business_id: null,
    currency_code: "USD",
    created_at: input.now,
    updated_at: input.now,
    started_at: input.now,
    first_billed_at: input.now,
    next_billed_at: endsAt,
    paused_at: null,
    canceled_at: null,
    discount: input.discount ? { id: input.discount.id, starts_at: input.now, ends_at: null } : null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period: { starts_at: input.now, ends_at: endsAt },
    billing_cycle: input.price.billing_cycle,
    scheduled_change: null,
    management_urls: {
      update_payment_method: `https://sandbox-customer-portal.paddle.com/subscriptions/${id}/update-payment-method`,
      cancel: `https://sandbox-customer-portal.paddle.com/subscriptions/${id}/cancel`,
    },
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        created_at: input.now,
        updated_at: input.now,
        previously_billed_at: input.now,
        next_billed_at: endsAt,
        trial_dates: null,
        price: input.price,
        product: input.product,
      },
    ],
    custom_data: input.customData,
    next_transaction: null,
    recurring_transaction_details: null,
    import_meta: null,
  };
}
