import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import { analyticsSdkVersion } from "~/shared/analytics/gateway-protocol";
import type { AnalyticsSink } from "./analytics-client";
import { type GatewayKey, signedGatewayPost } from "./gateway-request";

/**
 * The app's sink: POST <gateway>/log/web with `event_logs` (spec section 7), signed per interpretations
 * 26. An HTTP failure rejects with 'HTTP error! status: {code}' (spec section 8) and its status, so the
 * queue knows whether to retry; a network failure rejects as it is (retried).
 */
export function createGatewaySink(key: GatewayKey, now?: () => number): AnalyticsSink {
  return (events: readonly AnalyticsEvent[]) =>
    signedGatewayPost(key, "/log/web", { event_logs: [...events], sdk_version: analyticsSdkVersion }, { now });
}
