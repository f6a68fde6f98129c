// Issue 20: a page_view for visitors of the static pages (decision 010: no React there), signed like the
// app's batches and sent to the same gateway. It reads the gateway values from the enhancer's own script
// tag (data-analytics); missing values, no Web Crypto or a bot-looking browser send nothing. An event
// that cannot be sent waits in the tab's queue, which the app's client sends when it starts.
import { analyticsAppVersion, analyticsSdkVersion, botUserAgentPattern, queueStorageKey } from "~/shared/analytics/gateway-protocol";
import { anonymousAnalyticsId } from "../features/analytics/anonymous-id";
import { canSign, signedGatewayPost } from "../features/analytics/gateway-request";

interface StaticConfig {
  url?: string;
  /** A signed-in visitor's analytics id ('web_' + encoded user id); null for an anonymous one. */
  userId?: string | null;
  apiKey?: string | null;
  appId?: string | null;
  passphrase?: string | null;
}

function readConfig(): StaticConfig | null {
  try {
    return JSON.parse(
      document.querySelector<HTMLScriptElement>("script[data-analytics]")?.dataset.analytics ?? "null",
    ) as StaticConfig | null;
  } catch {
    return null;
  }
}

async function sendPageView(): Promise<void> {
  const config = readConfig();
  const { url, apiKey, appId, passphrase } = config ?? {};
  if (!url || !apiKey || !appId || !passphrase || !canSign() || botUserAgentPattern.test(navigator.userAgent)) return;
  const userId = config?.userId ?? anonymousAnalyticsId();
  const time = Date.now();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${time}:${userId}`)));
  const path = location.pathname;
  const event = {
    user_id: userId,
    type: "event",
    app_id: appId,
    version: analyticsAppVersion,
    result: 1,
    session_id: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
    event_group: "web",
    event_name: "page_view",
    event_time: time,
    duration: 0,
    event_category: "navigation",
    page: path.slice(0, 2000),
    properties: [{ key: "path", value: path.slice(0, 2000) }],
  };
  try {
    await signedGatewayPost(
      { url, apiKey, passphrase },
      "/log/web",
      { event_logs: [event], sdk_version: analyticsSdkVersion },
      { keepalive: true },
    );
  } catch {
    try {
      const queued: unknown = JSON.parse(sessionStorage.getItem(queueStorageKey) ?? "[]");
      sessionStorage.setItem(queueStorageKey, JSON.stringify([...(Array.isArray(queued) ? queued : []), event]));
    } catch {
      // Storage off: the page view is lost, the page is not.
    }
  }
}

void sendPageView();
