import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// spec section 5: the app's client needs an API key, an app id and a passphrase; without one of them it
// stays off and says so once in the console, and tracking is a quiet no-op.
describe("startAnalytics", () => {
  let warnings: string[];
  beforeEach(() => {
    vi.resetModules();
    warnings = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    vi.stubGlobal("window", {});
    vi.stubGlobal("fetch", vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ["no API key", { apiKey: null, appId: "parley-web", passphrase: "p".repeat(20) }],
    ["no app id", { apiKey: "pk_1", appId: null, passphrase: "p".repeat(20) }],
    ["no passphrase", { apiKey: "pk_1", appId: "parley-web", passphrase: null }],
  ])("stays off with %s, says so once, and sends nothing", async (_case, values) => {
    const analytics = await import("./analytics");
    const config = { url: "/analytics", configUrl: "/analytics", ...values };
    analytics.startAnalytics(config);
    analytics.startAnalytics(config);
    analytics.setAnalyticsUser("u1");
    analytics.trackPageView("/home");
    analytics.trackEvent("anything");
    expect(warnings).toEqual(["analytics: off (it needs an API key, an app id and a passphrase)"]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
