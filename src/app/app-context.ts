import type { i18n as I18n } from "i18next";
import { createContext } from "react-router";
import type { AccountSummary, SignInOptions } from "../shared/accounts/account-summary";
import type { BrowserAnalyticsConfig } from "../shared/analytics/gateway-contract";
import type { LandingPlans } from "../shared/billing/landing-plans";
import type { Environment } from "../shared/environment";
import type { Locale } from "../shared/i18n/locales";
import type { Viewer } from "../shared/routing/decide-route";
import type { PublicNote } from "../shared/sharing/sharing-api";
import type { Theme } from "../shared/theme";

/** What the Hono server hands to every React Router request (set in src/server/react-router-handler.ts). */
export interface AppContext {
  requestId: string;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  environment: Environment;
  /** Public origin for canonical and alternate links, e.g. https://parley.example. */
  origin: string;
  viewer: Viewer | null;
  /** The signed-in user as pages show it; null when anonymous. */
  account: AccountSummary | null;
  signIn: SignInOptions;
  theme: Theme;
  catalogVersion: string;
  /** Built static-page enhancer script for pages that ship no React (decision 010). */
  enhancerUrl: string | null;
  getI18n(locale: Locale): I18n;
  /** Server-side redirect lookup (spec section 2); null when the path has none. */
  findRedirect(path: string): Promise<string | null>;
  /** Every configured redirect, so client navigations apply the same lookup. */
  listRedirects(): Promise<Record<string, string>>;
  /** A shared note in public mode for `/n/{noteShareId}` (rendered on the server); null when the link is unknown or revoked. */
  findSharedNote(shareId: string): Promise<PublicNote | null>;
  /** A seeded demo note for `/demo-note/{id}` (defined in code on the server); null when the id is unknown. */
  findDemoNote(id: string): PublicNote | null;
  /** The plans the landing pages show, priced for this request's host (payments off: the free plan only). */
  findLandingPlans(): Promise<LandingPlans>;
  /** Where users write for help (SUPPORT_EMAIL): the shell's "Help and support". */
  supportEmail: string;
  /** The analytics gateway the browser signs its events for (issue 20); null values keep the client off. */
  analytics: BrowserAnalyticsConfig;
  /** Errors after the page started streaming are logged, not shown (spec section 8). */
  logRenderError(error: unknown): void;
}

export const appContext = createContext<AppContext>();
