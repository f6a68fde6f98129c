import { createHmac } from "node:crypto";
import { z } from "zod";
import type { BrowserAnalyticsConfig } from "~/shared/analytics/gateway-contract";

// Analytics gateway settings (issue 20, spec section 5: the client needs an API key, an app id and a
// passphrase). Unset, all three are derived from the auth secret, so `npm start` runs with analytics on
// against the gateway mounted in the web process at /analytics (the embedded default). Set only some and
// the browser gets the gap: its client refuses to start and says so once in the console.

const baseUrl = z
  .string()
  .min(1)
  .refine((value) => value.startsWith("/") || URL.canParse(value), "must be a path such as /analytics or an absolute URL")
  .transform((value) => value.replace(/\/+$/, ""));

export const analyticsEnvShape = {
  /** The key id the browser sends (its header); the gateway knows the passphrase that goes with it. */
  ANALYTICS_API_KEY: z.string().min(8).max(200).optional(),
  ANALYTICS_APP_ID: z.string().min(1).max(100).optional(),
  /** The HMAC key of interpretations 26. Public by design: every browser that sends events holds it. */
  ANALYTICS_PASSPHRASE: z.string().min(16).max(500).optional(),
  /** The gateway base URL the browser posts to (another host: `npm run analytics`). */
  ANALYTICS_URL: baseUrl.default("/analytics"),
  /** The config host's base URL (GET /web); the gateway's by default. */
  ANALYTICS_CONFIG_URL: baseUrl.optional(),
  /** The analytics role's port (`npm run analytics`). */
  ANALYTICS_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
};

type AnalyticsEnv = {
  ANALYTICS_API_KEY?: string | undefined;
  ANALYTICS_APP_ID?: string | undefined;
  ANALYTICS_PASSPHRASE?: string | undefined;
  ANALYTICS_URL: string;
  ANALYTICS_CONFIG_URL?: string | undefined;
};

/** One key the gateway accepts. */
export interface AnalyticsKey {
  apiKey: string;
  appId: string;
  passphrase: string;
}

export interface AnalyticsSettings {
  /** The key the gateway verifies with; null when the three values are not all known. */
  key: AnalyticsKey | null;
  /** What the browser gets (null values: the client stays off). */
  browser: BrowserAnalyticsConfig;
  /** Derived from the auth secret (nothing was configured). */
  isDerived: boolean;
}

const derive = (secret: string, purpose: string) => createHmac("sha256", secret).update(`parley analytics ${purpose}`).digest("hex");

export const defaultAnalyticsAppId = "parley-web";

export function analyticsSettingsFromEnv(env: AnalyticsEnv, authSecret: string): AnalyticsSettings {
  const isDerived = !env.ANALYTICS_API_KEY && !env.ANALYTICS_APP_ID && !env.ANALYTICS_PASSPHRASE;
  const apiKey = isDerived ? `pk_${derive(authSecret, "api key").slice(0, 32)}` : (env.ANALYTICS_API_KEY ?? null);
  const appId = isDerived ? defaultAnalyticsAppId : (env.ANALYTICS_APP_ID ?? null);
  const passphrase = isDerived ? derive(authSecret, "passphrase") : (env.ANALYTICS_PASSPHRASE ?? null);
  const url = env.ANALYTICS_URL;
  return {
    key: apiKey && appId && passphrase ? { apiKey, appId, passphrase } : null,
    browser: { url, configUrl: env.ANALYTICS_CONFIG_URL ?? url, apiKey, appId, passphrase },
    isDerived,
  };
}

/** Origins the browser connects to for analytics when they are not the page's own (the CSP's connect-src). */
export function analyticsConnectOrigins(browser: BrowserAnalyticsConfig): string[] {
  const origins = [browser.url, browser.configUrl].filter((url) => !url.startsWith("/")).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
