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
    const analytics = await import("./analytics-runtime");
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

// issue 22: analytics.ts hands every call to the runtime, which loads when the page starts analytics; calls
// made before it loaded arrive in the order they were made, the ones before startAnalytics first.
describe("the analytics calls before the runtime has loaded", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal("window", {});
  });
  afterEach(() => {
    vi.doUnmock("./analytics-runtime");
    vi.unstubAllGlobals();
  });

  it("reach the runtime in order once it has loaded, and later calls go straight through", async () => {
    const calls: string[] = [];
    vi.doMock("./analytics-runtime", () => ({
      startAnalytics: (config: { appId: string }) => calls.push(`start ${config.appId}`),
      setAnalyticsUser: (userId: string | null) => calls.push(`user ${userId}`),
      trackPageView: (path: string) => calls.push(`page ${path}`),
      trackEvent: (name: string) => calls.push(`event ${name}`),
    }));
    const analytics = await import("./analytics");
    const config = { url: "/analytics", configUrl: "/analytics", apiKey: "pk_1", appId: "parley-web", passphrase: "p".repeat(20) };
    analytics.trackPageView("/before");
    analytics.startAnalytics(config);
    analytics.setAnalyticsUser("u1");
    analytics.trackPageView("/home");
    expect(calls).toEqual([]);
    await vi.dynamicImportSettled();
    expect(calls).toEqual(["page /before", "start parley-web", "user u1", "page /home"]);
    analytics.trackEvent("clicked");
    expect(calls.at(-1)).toBe("event clicked");
  });

  it("are dropped on the server, where nothing is loaded", async () => {
    vi.stubGlobal("window", undefined);
    const loaded = vi.fn();
    vi.doMock("./analytics-runtime", () => {
      loaded();
      return { startAnalytics: loaded, trackEvent: loaded };
    });
    const analytics = await import("./analytics");
    analytics.startAnalytics(null);
    analytics.trackEvent("x");
    await vi.dynamicImportSettled();
    expect(loaded).not.toHaveBeenCalled();
  });
});
