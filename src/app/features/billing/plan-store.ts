import { useEffect } from "react";
import { subscribeLiveConnect, subscribeLiveEvent } from "~/app/api/live-events";
import type { PlanResponse } from "~/shared/billing/billing-api";
import type { Usage } from "~/shared/usage/usage-api";
import { createLoader, type LoaderSnapshot, useLoader } from "./loader-store";
import { fetchPlan, fetchUsage } from "./queries";

/** The signed-in user's plan (GET /api/user/plan), shared by the shell, the paywall and the billing page. */
export const planLoader = createLoader<PlanResponse>(() => fetchPlan(), "common:error.fetchPlan");
/** This month's usage (GET /api/user/usage). */
export const usageLoader = createLoader<Usage>(() => fetchUsage(), "common:error.fetchUsage");

export function usePlan(): LoaderSnapshot<PlanResponse> {
  return useLoader(planLoader);
}

export function useUsage(): LoaderSnapshot<Usage> {
  return useLoader(usageLoader);
}

/**
 * Keeps plan and usage live (issue 7): the server sends `event: account` on the user's stream whenever
 * either changes (a webhook made them Pro, a note was transcribed); after a dropped connection both are
 * read again. Mounted once, in the dashboard layout; only what a page has asked for is fetched.
 */
export function useAccountLiveUpdates(): void {
  useEffect(() => {
    const refresh = () => {
      void planLoader.reload();
      void usageLoader.reload();
    };
    const unsubscribers = [
      subscribeLiveEvent("account", refresh),
      subscribeLiveConnect((isReconnect) => {
        // The page read the plan as it loaded; only a dropped connection can have hidden a change.
        if (isReconnect) refresh();
      }),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, []);
}
