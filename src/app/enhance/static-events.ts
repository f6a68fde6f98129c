// Issue 20: the static pages' analytics (decision 010: no React there): a page_view for every visitor and
// the policy-link click of the onboarding pages (spec 7, with its source), signed like the app's batches
// and sent to the same gateway. It reads the gateway values from the enhancer's own script tag
// (data-analytics); missing values, no Web Crypto or a bot-looking browser send nothing. An event that
// cannot be sent waits in the tab's queue, which the app's client sends when it starts.
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

interface StaticEvent {
  name: string;
  category: string;
  properties: Record<string, string>;
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

async function sendStaticEvent({ name, category, properties }: StaticEvent): Promise<void> {
  const config = readConfig();
  const { url, apiKey, appId, passphrase } = config ?? {};
  if (!url || !apiKey || !appId || !passphrase || !canSign() || botUserAgentPattern.test(navigator.userAgent)) return;
  const userId = config?.userId ?? anonymousAnalyticsId();
  const time = Date.now();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${time}:${userId}`)));
  const event = {
    user_id: userId,
    type: "event",
    app_id: appId,
    version: analyticsAppVersion,
    result: 1,
    session_id: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
    event_group: "web",
    event_name: name,
    event_time: time,
    duration: 0,
    event_category: category,
    page: location.pathname.slice(0, 2000),
    properties: Object.entries(properties).map(([key, value]) => ({ key, value: value.slice(0, 2000) })),
  };
  try {
    // keepalive: a policy link opens a new tab, a page view may be followed at once by a navigation.
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
      // Storage off: the event is lost, the page is not.
    }
  }
}

void sendStaticEvent({ name: "page_view", category: "navigation", properties: { path: location.pathname } });

// The names and category match the app's policyLinkClickedEvent (features/analytics/product-events.ts),
// which is not imported here: it would pull the app's analytics client into this small script.
for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-policy-source]")) {
  link.addEventListener("click", () => {
    void sendStaticEvent({ name: "policy_link_clicked", category: "billing", properties: { source: link.dataset.policySource ?? "" } });
  });
}
