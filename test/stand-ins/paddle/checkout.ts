import type { IDiscountResponse, IPriceResponse, ITimePeriod } from "@paddle/paddle-node-sdk";
import { customerEntity, paddleId, priceTotals, subscriptionEntity, transactionEntity } from "./entities";
import type { PaddleStore } from "./store";
import type { PaddleEvent } from "./webhooks";

// What paying in Paddle's checkout creates: a customer (reused by e-mail, as Paddle does), a completed
// transaction, and for a recurring price a subscription; then the checkout.completed data paddle.js hands
// the page, and the webhooks Paddle sends afterwards (customer.created only for a new customer).

export interface CheckoutInput {
  priceId: string;
  discountId?: string | null;
  email: string;
  customData: Record<string, unknown> | null;
}

const majorUnits = (cents: string) => Number(cents) / 100;

function eventTotals(totals: { subtotal: string; discount: string; tax: string; total: string }) {
  return {
    subtotal: majorUnits(totals.subtotal),
    discount: majorUnits(totals.discount),
    tax: majorUnits(totals.tax),
    total: majorUnits(totals.total),
    balance: majorUnits(totals.total),
    credit: 0,
  };
}

const isRecurring = (price: IPriceResponse): price is IPriceResponse & { billing_cycle: ITimePeriod } => Boolean(price.billing_cycle);

export function completeCheckout(
  store: PaddleStore,
  input: CheckoutInput,
  price: IPriceResponse,
  discount: IDiscountResponse | null,
): { checkoutData: Record<string, unknown>; events: PaddleEvent[] } {
  const { catalog, outbox } = store;
  const now = new Date().toISOString();
  const existing = [...store.customers.values()].find((customer) => customer.email.toLowerCase() === input.email.toLowerCase());
  const customer = existing ?? customerEntity(input.email, now);
  store.customers.set(customer.id, customer);
  const addressId = paddleId("add");
  const subscriptionId = isRecurring(price) ? paddleId("sub") : null;
  const base = { customerId: customer.id, addressId, price, product: catalog.product, discount, customData: input.customData, now };
  const subscription = isRecurring(price) ? subscriptionEntity({ ...base, price }, subscriptionId ?? undefined) : null;
  const transaction = transactionEntity({
    ...base,
    subscriptionId,
    billingPeriod: subscription?.current_billing_period ?? null,
  });
  store.transactions.set(transaction.id, transaction);
  if (subscription) {
    store.subscriptions.set(subscription.id, subscription);
    store.subscriptionTransactions.set(subscription.id, transaction.id);
  }

  const events: PaddleEvent[] = [];
  if (!existing) events.push(outbox.event("customer.created", customer));
  events.push(outbox.event("transaction.completed", transaction));
  if (subscription) events.push(outbox.event("subscription.created", { ...subscription, transaction_id: transaction.id }));

  const { totals } = priceTotals(price, discount, 1);
  const item = {
    price_id: price.id,
    price_name: price.name ?? price.description,
    product: {
      id: catalog.product.id,
      name: catalog.product.name,
      description: catalog.product.description ?? undefined,
      image_url: catalog.product.image_url ?? undefined,
    },
    quantity: 1,
    totals: eventTotals(totals),
    ...(price.billing_cycle ? { billing_cycle: price.billing_cycle, recurring_totals: eventTotals(totals) } : {}),
  };
  // Paddle.js's checkout.completed data (CheckoutEventsData, snake_case, totals in major units).
  const checkoutData = {
    id: paddleId("che"),
    transaction_id: transaction.id,
    status: "completed",
    customer: {
      id: customer.id,
      email: customer.email,
      address: { id: addressId, country_code: "US", postal_code: "10001", region: "", city: "", first_line: "" },
      business: null,
    },
    items: [item],
    totals: eventTotals(totals),
    ...(price.billing_cycle ? { recurring_totals: eventTotals(totals) } : {}),
    currency_code: "USD",
    custom_data: input.customData,
    ...(discount ? { discount: { id: discount.id, code: discount.code ?? "" } } : {}),
    payment: { method_details: { type: "card", card: { type: "visa", last4: "4242", expiry_month: 12, expiry_year: 2030 } } },
    settings: { display_mode: "inline", theme: "light" },
    upsell: null,
  };
  return { checkoutData, events };
}
