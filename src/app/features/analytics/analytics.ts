import type * as Runtime from "./analytics-runtime";

// The app's analytics calls (issue 20) without the analytics client in the first paint (issue 22): each call
// is kept in order and handed to analytics-runtime.ts, which loads when the page starts analytics (after
// hydration). Calls made before the start reach the runtime before its startAnalytics, where they were
// no-ops before too, so the order and meaning of every call stay those of the runtime. On the server every
// call is a no-op, as in the runtime.

type AnalyticsRuntime = typeof Runtime;
type Call = (runtime: AnalyticsRuntime) => void;

/** Calls waiting for the runtime: capped so a page that never starts analytics cannot grow it for ever. */
const maxPending = 500;
let runtime: AnalyticsRuntime | null = null;
let pending: Call[] = [];
let isLoading = false;
let isUnavailable = false;

function later(call: Call): void {
  if (typeof window === "undefined" || isUnavailable) return;
  if (runtime) {
    call(runtime);
    return;
  }
  if (pending.length === maxPending) pending.shift();
  pending.push(call);
}

function loadRuntime(): void {
  if (isLoading || typeof window === "undefined") return;
  isLoading = true;
  import("./analytics-runtime").then(
    (loaded) => {
      runtime = loaded;
      const calls = pending;
      pending = [];
      for (const call of calls) call(loaded);
    },
    (error: unknown) => {
      // A chunk gone after a deploy: the page works on, without analytics.
      isUnavailable = true;
      pending = [];
      console.warn(`analytics: off (${error instanceof Error ? error.message : String(error)})`);
    },
  );
}

/** Starts the client once (later calls do nothing). Without API key, app id and passphrase it stays off. */
export const startAnalytics: AnalyticsRuntime["startAnalytics"] = (config, options) => {
  later((r) => r.startAnalytics(config, options));
  loadRuntime();
};
/** The signed-in user's id (null when signed out: events go under the anonymous visitor's id). */
export const setAnalyticsUser: AnalyticsRuntime["setAnalyticsUser"] = (userId) => later((r) => r.setAnalyticsUser(userId));
export const trackEvent: AnalyticsRuntime["trackEvent"] = (eventName, properties) => later((r) => r.trackEvent(eventName, properties));
/** A page view per client navigation; the same path twice in a row counts once. */
export const trackPageView: AnalyticsRuntime["trackPageView"] = (path) => later((r) => r.trackPageView(path));
export const trackPaywall: AnalyticsRuntime["trackPaywall"] = (shown) => later((r) => r.trackPaywall(shown));
export const trackViewItemList: AnalyticsRuntime["trackViewItemList"] = () => later((r) => r.trackViewItemList());
export const trackProductClicked: AnalyticsRuntime["trackProductClicked"] = (clicked) => later((r) => r.trackProductClicked(clicked));
export const trackPurchaseClicked: AnalyticsRuntime["trackPurchaseClicked"] = (clicked) => later((r) => r.trackPurchaseClicked(clicked));
export const trackPolicyLinkClicked: AnalyticsRuntime["trackPolicyLinkClicked"] = (source) =>
  later((r) => r.trackPolicyLinkClicked(source));
export const trackPaymentFailed: AnalyticsRuntime["trackPaymentFailed"] = () => later((r) => r.trackPaymentFailed());
export const trackPurchaseFailed: AnalyticsRuntime["trackPurchaseFailed"] = () => later((r) => r.trackPurchaseFailed());
export const trackPurchase: AnalyticsRuntime["trackPurchase"] = (purchase) => later((r) => r.trackPurchase(purchase));
export const trackCustomerUpdateFailed: AnalyticsRuntime["trackCustomerUpdateFailed"] = () => later((r) => r.trackCustomerUpdateFailed());
export const trackPaywallProductsFailed: AnalyticsRuntime["trackPaywallProductsFailed"] = (reason) =>
  later((r) => r.trackPaywallProductsFailed(reason));
