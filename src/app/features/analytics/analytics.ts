import { type AnalyticsClient, createAnalyticsClient } from "./analytics-client";
import { sendAnalyticsBatch } from "./analytics-sink";
import {
  customerUpdateFailedEvent,
  type PaywallProductsFailure,
  type PaywallShown,
  type ProductClicked,
  type ProductEvent,
  type PurchaseClicked,
  pageViewEvent,
  paymentFailedEvent,
  paywallEvent,
  paywallProductsFailedEvent,
  policyLinkClickedEvent,
  productClickedEvent,
  purchaseClickedEvent,
  purchaseFailedEvent,
  viewItemListEvent,
} from "./product-events";

// The app's one analytics client (interpretations 26). Only in the browser: on the server every call is a
// no-op, so components may track from effects and handlers without checking where they run.
const analyticsAppId = "parley-web";

const client: AnalyticsClient | null =
  typeof window === "undefined"
    ? null
    : createAnalyticsClient({
        sink: sendAnalyticsBatch,
        appId: analyticsAppId,
        userAgent: () => navigator.userAgent,
        page: () => window.location.pathname,
      });

// A tab put away may never come back: send what is queued instead of waiting for the 5 s flush.
if (client && typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void client.flush();
  });
}

/** The signed-in user's id (null when signed out); events are only kept for a signed-in user. */
export function setAnalyticsUser(userId: string | null): void {
  client?.setUser(userId);
}

export function trackEvent(eventName: string, properties?: Record<string, string | number | boolean | null | readonly string[]>): void {
  client?.track(eventName, properties);
}

function send(event: ProductEvent): void {
  client?.track(event.name, event.properties, { category: event.category });
}

let lastPagePath: string | null = null;
/** A page view per client navigation; the same path twice in a row (a re-render, Strict Mode) counts once. */
export function trackPageView(path: string): void {
  if (path === lastPagePath) return;
  lastPagePath = path;
  send(pageViewEvent(path));
}

export const trackPaywall = (shown: PaywallShown): void => send(paywallEvent(shown));
export const trackViewItemList = (): void => send(viewItemListEvent());
export const trackProductClicked = (clicked: ProductClicked): void => send(productClickedEvent(clicked));
export const trackPurchaseClicked = (clicked: PurchaseClicked): void => send(purchaseClickedEvent(clicked));
export const trackPolicyLinkClicked = (source: string): void => send(policyLinkClickedEvent(source));
export const trackPaymentFailed = (): void => send(paymentFailedEvent());
export const trackPurchaseFailed = (): void => send(purchaseFailedEvent());
export const trackCustomerUpdateFailed = (): void => send(customerUpdateFailedEvent());
export const trackPaywallProductsFailed = (reason: PaywallProductsFailure): void => send(paywallProductsFailedEvent(reason));
