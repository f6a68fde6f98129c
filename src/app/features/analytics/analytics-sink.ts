import { ApiError, apiRequest } from "~/app/api/api-client";
import { type AnalyticsEvent, analyticsSdkVersion } from "~/shared/analytics/analytics-event";
import { AnalyticsHttpError } from "./analytics-client";

/**
 * The app's sink (interpretations 26: a log sink until the gateway lands): POST /api/analytics/events with
 * the gateway's `event_logs` body, through the one API client (CSRF token and retry there). An HTTP failure
 * becomes 'HTTP error! status: {code}' (spec section 8) with its status, so the queue knows whether to retry.
 */
export async function sendAnalyticsBatch(events: readonly AnalyticsEvent[]): Promise<void> {
  try {
    await apiRequest<{ success: true }>("POST", "/analytics/events", {
      body: { event_logs: events, sdk_version: analyticsSdkVersion },
      isBackground: true,
    });
  } catch (error) {
    if (error instanceof ApiError) throw new AnalyticsHttpError(error.status);
    throw error;
  }
}
