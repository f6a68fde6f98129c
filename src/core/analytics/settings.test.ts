import { describe, expect, it } from "vitest";
import { parseEnv } from "~/runtime/env";
import { analyticsConnectOrigins, analyticsSettingsFromEnv } from "./settings";

// The gateway's key (spec section 5: API key, app id and passphrase): derived from the auth secret when
// nothing is set (the embedded default, same values on every start), taken as configured otherwise, and
// missing when only some are set (the browser client then stays off).
describe("analytics settings", () => {
  const secret = "s".repeat(40);

  it("derives a stable key from the auth secret when nothing is configured", () => {
    const first = analyticsSettingsFromEnv(parseEnv({}), secret);
    expect(first.isDerived).toBe(true);
    expect(first.key).toEqual({
      apiKey: expect.stringMatching(/^pk_[0-9a-f]{32}$/),
      appId: "parley-web",
      passphrase: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(analyticsSettingsFromEnv(parseEnv({}), secret)).toEqual(first);
    expect(analyticsSettingsFromEnv(parseEnv({}), "t".repeat(40)).key?.passphrase).not.toBe(first.key?.passphrase);
    expect(first.browser).toEqual({ url: "/analytics", configUrl: "/analytics", ...first.key });
    expect(analyticsConnectOrigins(first.browser)).toEqual([]);
  });

  it("takes configured values and another host, which the CSP then allows", () => {
    const env = parseEnv({
      ANALYTICS_API_KEY: "pk_live_12345678",
      ANALYTICS_APP_ID: "parley-prod",
      ANALYTICS_PASSPHRASE: "a long enough passphrase",
      ANALYTICS_URL: "https://events.parley.example/",
      ANALYTICS_CONFIG_URL: "https://config.parley.example",
    });
    const settings = analyticsSettingsFromEnv(env, secret);
    expect(settings.key).toEqual({ apiKey: "pk_live_12345678", appId: "parley-prod", passphrase: "a long enough passphrase" });
    expect(settings.browser.url).toBe("https://events.parley.example");
    expect(analyticsConnectOrigins(settings.browser)).toEqual(["https://events.parley.example", "https://config.parley.example"]);
  });

  it("has no key when only some values are set: the browser gets the gap and stays off", () => {
    const settings = analyticsSettingsFromEnv(parseEnv({ ANALYTICS_API_KEY: "pk_live_12345678" }), secret);
    expect(settings.key).toBeNull();
    expect(settings.browser).toMatchObject({ apiKey: "pk_live_12345678", appId: null, passphrase: null });
  });

  it("refuses a gateway URL that is neither a path nor a URL", () => {
    expect(() => parseEnv({ ANALYTICS_URL: "events.example" })).toThrow(/ANALYTICS_URL/);
  });
});
