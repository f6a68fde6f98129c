import { useEffect } from "react";
import { setPaymentRequiredHandler } from "~/app/api/api-client";
import { pushAlert } from "~/app/ui/alert-store";
import {
  trackPaywall,
  trackPaywallProductsFailed,
  trackProductClicked,
  trackPurchaseClicked,
  trackViewItemList,
} from "../analytics/analytics";
import { createLimitUpgradeStore } from "./limit-upgrade-store";
import { createPaymentRequiredHandler } from "./payment-required";
import { createPaywallStore, type OpenPaywallOptions, type PaywallAnalytics, type PaywallDeps } from "./paywall-store";
import { planLoader } from "./plan-store";
import { requestLimitUpgrade } from "./queries";

// The app's one paywall (the modal over every dashboard page) and its one limit-upgrade dialog, wired to
// the real calls and analytics; the /paywall page makes its own store with `paywallDeps`.

const paywallAnalytics: PaywallAnalytics = {
  trackPaywall,
  trackViewItemList,
  trackProductClicked,
  trackPurchaseClicked,
  trackPaywallProductsFailed,
};

/** The zod-checked price calls load when a paywall first opens, not with every dashboard page (issue 22). */
const paywallQueries = () => import("./paywall-queries");

export const paywallDeps: PaywallDeps = {
  fetchStructure: async (flow) => (await paywallQueries()).fetchPaywallStructure(flow),
  fetchPrices: async (priceIds, source) => (await paywallQueries()).fetchPrices(priceIds, source),
  fetchDiscounts: async (discountIds) => (await paywallQueries()).fetchDiscounts(discountIds),
  analytics: paywallAnalytics,
};

export const paywallStore = createPaywallStore(paywallDeps);
export const limitUpgradeStore = createLimitUpgradeStore(requestLimitUpgrade);

export function openPaywall(options: OpenPaywallOptions): void {
  void paywallStore.openPaywall(options);
}
export const closePaywall = (): void => paywallStore.closePaywall();
export const selectPlan = (index: number): void => paywallStore.selectPlan(index);
export const continueToCheckout = (): void => paywallStore.continueToCheckout();
export const backToPlans = (): void => paywallStore.backToPlans();

const handlePaymentRequired = createPaymentRequiredHandler({
  loadPlan: () => planLoader.load(),
  openPaywall,
  openUpgradeRequest: (options) => limitUpgradeStore.open(options),
  onPlanUnavailable: (message) => {
    pushAlert({ type: "error", message });
    pushAlert({ type: "error", message: { key: "common:error.fetchPlan" } });
  },
});

/** spec section 8: while the dashboard is shown, every 402 opens the paywall or the upgrade request. */
export function usePaymentRequiredHandling(): void {
  useEffect(() => {
    setPaymentRequiredHandler((event) => void handlePaymentRequired(event));
    return () => setPaymentRequiredHandler(null);
  }, []);
}
