import type { BrowserAnalyticsConfig } from "~/shared/analytics/gateway-contract";
import { analyticsAppVersion, analyticsSdkVersion, queueStorageKey } from "~/shared/analytics/gateway-protocol";
import { type AnalyticsClient, analyticsUserId, createAnalyticsClient } from "./analytics-client";
import { createGatewaySink } from "./analytics-sink";
import { anonymousAnalyticsId } from "./anonymous-id";
import { canSign, type GatewayKey, signedGatewayPost } from "./gateway-request";
import {
  customerUpdateFailedEvent,
  type PaywallProductsFailure,
  type PaywallShown,
  type ProductClicked,
  type ProductEvent,
  type Purchase,
  type PurchaseClicked,
  pageViewEvent,
  paymentFailedEvent,
  paywallEvent,
  paywallProductsFailedEvent,
  policyLinkClickedEvent,
  productClickedEvent,
  purchaseClickedEvent,
  purchaseEvent,
  purchaseFailedEvent,
  viewItemListEvent,
} from "./product-events";
import { readConfigReply } from "./wire-guards";

// The app's one analytics client (issue 20): started once with the gateway values the server hands the
// page, signed batches to <gateway>/log/web, POST /user/web once per signed-in user, GET /web on the config
// host at start (config_result 1/0). Only in the browser: on the server every call is a no-op, so
// components may track from effects and handlers without checking where they run.
// Loaded through analytics.ts once the page starts analytics, so it does not ship with the first paint
// (issue 22); import analytics.ts, not this file.

export interface StartAnalyticsOptions {
  /** spec section 9's tracker name (source_medium::campaign::content::term) for POST /user/web. */
  trackerName?: () => string | null;
}

let client: AnalyticsClient | null = null;
let gateway: (GatewayKey & { appId: string }) | null = null;
let trackerName: () => string | null = () => null;
let hasStarted = false;
/** sessionStorage: the user POST /user/web was sent for in this tab (once per signed-in user, not per page load). */
const userSentKey = "parley.analytics.userSent";

/** The stored queue (spec section 4: not dropped, also across the reload an expired session causes). */
const queueStore = {
  load(): unknown {
    try {
      return JSON.parse(sessionStorage.getItem(queueStorageKey) ?? "[]");
    } catch {
      return [];
    }
  },
  save(events: readonly unknown[]): void {
    try {
      if (events.length === 0) sessionStorage.removeItem(queueStorageKey);
      else sessionStorage.setItem(queueStorageKey, JSON.stringify(events));
    } catch {
      // Storage full or off: the queue still lives in memory.
    }
  },
};

/** Starts the client once (later calls do nothing). Without API key, app id and passphrase it stays off. */
export function startAnalytics(config: BrowserAnalyticsConfig | null | undefined, options: StartAnalyticsOptions = {}): void {
  if (typeof window === "undefined" || hasStarted) return;
  hasStarted = true;
  if (options.trackerName) trackerName = options.trackerName;
  const { apiKey, appId, passphrase } = config ?? {};
  if (!config || !apiKey || !appId || !passphrase) {
    // spec section 5: initialisation requires all three; said once, then off.
    console.warn("analytics: off (it needs an API key, an app id and a passphrase)");
    return;
  }
  if (!canSign()) {
    console.warn("analytics: off (signing needs a secure context: https or localhost)");
    return;
  }
  gateway = { url: config.url, apiKey, passphrase, appId };
  client = createAnalyticsClient({
    sink: createGatewaySink(gateway),
    appId,
    userAgent: () => navigator.userAgent,
    page: () => window.location.pathname,
    anonymousId: anonymousAnalyticsId,
    store: queueStore,
  });
  // A tab put away may never come back: send what is queued instead of waiting for the 5 s flush.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void client?.flush();
  });
  void loadRemoteConfig(config.configUrl, appId, client);
}

/** GET /web on the config host (spec section 7): status.code 200 is success; config_result carries 1 or 0. */
async function loadRemoteConfig(configUrl: string, appId: string, analytics: AnalyticsClient): Promise<void> {
  const query = new URLSearchParams({
    aid: appId,
    id: analytics.currentId(),
    version: analyticsAppVersion,
    language: document.documentElement.lang || navigator.language || "en",
  });
  let isSuccess = false;
  try {
    const response = await fetch(`${configUrl}/web?${query}`, { credentials: "omit" });
    const reply = readConfigReply(response.ok ? await response.json() : null);
    isSuccess = reply?.code === 200;
    analytics.track("config_result", { code: reply ? reply.code : response.status }, { result: isSuccess ? 1 : 0, category: "config" });
    if (reply) analytics.configure(reply.payload);
  } catch (error) {
    analytics.track("config_result", { error: error instanceof Error ? error.message : String(error) }, { result: 0, category: "config" });
  }
}

/** The operating system for POST /user/web, from the user agent. */
function operatingSystem(): string {
  const agent = navigator.userAgent;
  if (/Windows/i.test(agent)) return "windows";
  if (/iPhone|iPad|iPod/i.test(agent)) return "ios";
  if (/Mac OS X/i.test(agent)) return "macos";
  if (/Android/i.test(agent)) return "android";
  if (/CrOS/i.test(agent)) return "chromeos";
  if (/Linux/i.test(agent)) return "linux";
  return "unknown";
}

function readSentUser(): string | null {
  try {
    return sessionStorage.getItem(userSentKey);
  } catch {
    return null;
  }
}

function writeSentUser(userId: string | null): void {
  try {
    if (userId) sessionStorage.setItem(userSentKey, userId);
    else sessionStorage.removeItem(userSentKey);
  } catch {
    // Storage off: the next page load sends it again.
  }
}

/** POST /user/web once per signed-in user and tab (spec section 7). */
function sendUser(userId: string): void {
  if (!gateway || readSentUser() === userId) return;
  writeSentUser(userId);
  const body = {
    user_id: analyticsUserId(userId),
    app_id: gateway.appId,
    version: analyticsAppVersion,
    operating_system: operatingSystem(),
    tracker_name: trackerName(),
    properties: { language: document.documentElement.lang || "en", sdk_version: analyticsSdkVersion },
    account_id: userId,
  };
  signedGatewayPost(gateway, "/user/web", body).catch((error: unknown) => {
    // The next page load tries again.
    writeSentUser(null);
    console.warn(`analytics: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** The signed-in user's id (null when signed out: events go under the anonymous visitor's id). */
export function setAnalyticsUser(userId: string | null): void {
  client?.setUser(userId);
  if (userId) sendUser(userId);
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
export const trackPurchase = (purchase: Purchase): void => send(purchaseEvent(purchase));
export const trackCustomerUpdateFailed = (): void => send(customerUpdateFailedEvent());
export const trackPaywallProductsFailed = (reason: PaywallProductsFailure): void => send(paywallProductsFailedEvent(reason));
