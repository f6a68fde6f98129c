import type { ICustomerResponse, ISubscriptionResponse, ITransactionResponse } from "@paddle/paddle-node-sdk";
import { type Catalog, seedCatalog } from "./catalog";
import type { WebhookOutbox } from "./webhooks";

// What the stand-in remembers between requests: the seeded catalog and everything checkouts create.

export interface Scenario {
  /** "empty": line items [] (the app must treat it as a failure); "error": 500 api_error. */
  pricingPreview: "ok" | "empty" | "error";
  /** "declined": the checkout's Pay now answers 402 payment_declined and creates nothing. */
  payment: "success" | "declined";
  /** "off": events are recorded (deliveries() with status 0) but not POSTed; redeliver() sends them. */
  webhooks: "on" | "off";
}

export const defaultScenario: Scenario = { pricingPreview: "ok", payment: "success", webhooks: "on" };

export interface PaddleStore {
  catalog: Catalog;
  customers: Map<string, ICustomerResponse>;
  transactions: Map<string, ITransactionResponse>;
  subscriptions: Map<string, ISubscriptionResponse>;
  /** The transaction that created each subscription (subscription.created carries it; the API entity does not). */
  subscriptionTransactions: Map<string, string>;
  scenario: Scenario;
  outbox: WebhookOutbox;
  /** The stand-in's own origin (http://127.0.0.1:PORT), for absolute pagination links. */
  baseUrl: () => string;
}

export function createStore(outbox: WebhookOutbox, baseUrl: () => string): PaddleStore {
  return {
    catalog: seedCatalog(),
    customers: new Map(),
    transactions: new Map(),
    subscriptions: new Map(),
    subscriptionTransactions: new Map(),
    scenario: { ...defaultScenario },
    outbox,
    baseUrl,
  };
}
