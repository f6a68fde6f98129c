import { ApiError } from "~/app/api/api-client";
import { api, call } from "~/app/api/typed-api";
import { type AnalyticsEvent, analyticsSdkVersion } from "~/shared/analytics/analytics-event";
import { AnalyticsHttpError } from "./analytics-client";

/**
 * The app's sink (interpretations 26: a log sink until the gateway lands): POST /api/analytics/events with
 * the gateway's `event_logs` body, through the typed API client (CSRF token and retry there; background, so
 * a 401, ban or 402 only rejects). An HTTP failure becomes 'HTTP error! status: {code}' (spec section 8)
 * with its status, so the queue knows whether to retry.
 */
export async function sendAnalyticsBatch(events: readonly AnalyticsEvent[]): Promise<void> {
  try {
    // The contract's body type is a mutable array; the copy sends the same JSON.
    await call(
      api({ isBackground: true }).POST("/analytics/events", { body: { event_logs: [...events], sdk_version: analyticsSdkVersion } }),
    );
  } catch (error) {
    if (error instanceof ApiError) throw new AnalyticsHttpError(error.status);
    throw error;
  }
}
