import { revenueEstimate } from "~/shared/billing/price-math";
import type { AnalyticsProperties } from "./analytics-client";

// The events the product sends (spec section 7 "Events sent by the product"), named once here so callers
// never retype an event name or a property key.

export interface ProductEvent {
  name: string;
  category: string;
  properties: AnalyticsProperties;
}

export const productEventNames = {
  pageView: "page_view",
  paywall: "paywall",
  viewItemList: "view_item_list",
  productClicked: "product_clicked",
  purchaseClicked: "purchase_clicked",
  policyLinkClicked: "policy_link_clicked",
  paymentFailed: "payment_failed",
  purchaseFailed: "purchase_failed",
  purchase: "purchase",
  customerUpdateFailed: "paddle_customer_update_failed",
  paywallProductsFailed: "paywall_products_failed_to_load",
} as const;

export type PaywallProductsFailure = "paddle_empty_response" | "paddle_api_error";

export interface PaywallShown {
  productNames: readonly string[];
  source: string;
  product_ids: readonly string[];
  product_count: number;
}

export interface ProductClicked {
  name: string;
  priceId: string;
  productId: string;
  source: string;
}

export interface PurchaseClicked extends ProductClicked {
  id: string;
  /** The price shown for the plan, in major units (19.99). */
  price: number;
}

const billing = "billing";

export const pageViewEvent = (path: string): ProductEvent => ({
  name: productEventNames.pageView,
  category: "navigation",
  properties: { path },
});

export const paywallEvent = (shown: PaywallShown): ProductEvent => ({
  name: productEventNames.paywall,
  category: billing,
  properties: {
    productNames: shown.productNames,
    source: shown.source,
    product_ids: shown.product_ids,
    product_count: shown.product_count,
  },
});

/** spec section 7: view_item_list carries the list id and name for pricing. */
export const viewItemListEvent = (): ProductEvent => ({
  name: productEventNames.viewItemList,
  category: billing,
  properties: { item_list_id: "pricing", item_list_name: "Pricing" },
});

export const productClickedEvent = (clicked: ProductClicked): ProductEvent => ({
  name: productEventNames.productClicked,
  category: billing,
  properties: { name: clicked.name, priceId: clicked.priceId, productId: clicked.productId, source: clicked.source },
});

/** spec section 7: offersFreeTrial is always false (no plan has a trial). */
export const purchaseClickedEvent = (clicked: PurchaseClicked): ProductEvent => ({
  name: productEventNames.purchaseClicked,
  category: billing,
  properties: {
    id: clicked.id,
    name: clicked.name,
    offersFreeTrial: false,
    price: clicked.price,
    priceId: clicked.priceId,
    productId: clicked.productId,
    source: clicked.source,
  },
});

export const policyLinkClickedEvent = (source: string): ProductEvent => ({
  name: productEventNames.policyLinkClicked,
  category: billing,
  properties: { source },
});

/** A verified checkout: what was paid (major units, as Paddle.js reports its total) and the transaction. */
export interface Purchase {
  transactionId: string;
  price: number;
  currency: string | null;
  priceId: string | null;
}

/** spec section 9: the purchase carries the revenue estimate, price − (5% of price + 0.5). */
export const purchaseEvent = (purchase: Purchase): ProductEvent => ({
  name: productEventNames.purchase,
  category: billing,
  properties: {
    transaction_id: purchase.transactionId,
    price: purchase.price,
    revenue: revenueEstimate(purchase.price),
    currency: purchase.currency,
    priceId: purchase.priceId,
  },
});

export const paymentFailedEvent = (): ProductEvent => ({ name: productEventNames.paymentFailed, category: billing, properties: {} });
export const purchaseFailedEvent = (): ProductEvent => ({ name: productEventNames.purchaseFailed, category: billing, properties: {} });
export const customerUpdateFailedEvent = (): ProductEvent => ({
  name: productEventNames.customerUpdateFailed,
  category: billing,
  properties: {},
});

export const paywallProductsFailedEvent = (reason: PaywallProductsFailure): ProductEvent => ({
  name: productEventNames.paywallProductsFailed,
  category: billing,
  properties: { reason },
});
