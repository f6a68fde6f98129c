// The routing rules of spec section 2, in their order of concern, as one pure function.
// Route guards on the server (document and data requests) and in the browser (client navigations)
// both call it, so the same URL and viewer always get the same answer.
import type { Environment } from "../environment";
import { localizePath } from "../i18n/locales";
import type { RouteMatch } from "./match-route";
import { namedPaths } from "./route-table";

/** What the guards know about the signed-in user; null for an anonymous visitor. */
export interface Viewer {
  /** Password-provider user whose e-mail is not verified yet (spec section 5). */
  needsVerification: boolean;
  hasFinishedOnboarding: boolean;
  isPro: boolean;
  isAdmin: boolean;
  /** interpretations 14: the paywall is shown once after onboarding. */
  hasSeenPaywall: boolean;
  /**
   * Whether this server sells Pro. Off (a self-hosted install without Paddle, interpretations 29 and
   * decision 022): no paywall step after onboarding, and /paywall and /checkout go Home.
   */
  paymentsOn: boolean;
}

export interface RouteAlert {
  type: "error" | "info";
  /** Translation key under `alerts.` in the common catalog. */
  code: string;
}

export type RouteDecision =
  | { kind: "render"; alerts: RouteAlert[] }
  | { kind: "redirect"; to: string; isFullLoad: boolean; isPermanent: boolean; alerts: RouteAlert[] }
  | { kind: "notFound"; message: string; alerts: RouteAlert[] };

export interface RouteDecisionInput {
  url: { pathname: string; search: string };
  match: RouteMatch | null;
  viewer: Viewer | null;
  environment: Environment;
  /** Result of the server-side redirect lookup for this path (absolute or relative URL), if any. */
  serverRedirect: string | null;
}

/** Codes of the `error` query parameter that have their own message; anything else reads as generic. */
export const knownQueryErrors = [
  "session_expired",
  "oauth_failed",
  "link_expired",
  "access_denied",
  // Social sign-in failures (better-auth callback codes, see src/infra/auth/social/social-errors.ts).
  "email_not_found",
  "account_not_linked",
  "BANNED_USER",
] as const;

export function decideRoute({ url, match, viewer, environment, serverRedirect }: RouteDecisionInput): RouteDecision {
  const query = new URLSearchParams(url.search);
  const alerts: RouteAlert[] = [];

  if (!match) {
    // A retired or moved URL has no page any more; the redirect lookup still sends it on.
    if (serverRedirect) {
      return {
        kind: "redirect",
        to: withSource(serverRedirect, query),
        isFullLoad: isAbsoluteUrl(serverRedirect),
        isPermanent: false,
        alerts,
      };
    }
    return { kind: "notFound", message: "Page not found", alerts };
  }
  if (!match.hasValidParams) return { kind: "notFound", message: `Page Not Found: ${url.pathname}`, alerts };

  const { route, locale } = match;
  const carried = carriedParams(query, Boolean(route.isAuthFlow));
  const go = (path: string, extra: RouteAlert[] = []): RouteDecision => ({
    kind: "redirect",
    to: withQuery(localizePath(path, locale), carried),
    isFullLoad: false,
    isPermanent: false,
    alerts: [...alerts, ...extra],
  });

  // 1. Staging-only routes.
  if (route.isStagingOnly && environment !== "staging") return go(namedPaths.LandingPage);

  // 2. An `error` query parameter raises an error alert.
  const error = query.get("error");
  if (error) {
    const isKnown = (knownQueryErrors as readonly string[]).includes(error);
    alerts.push({ type: "error", code: `queryError.${isKnown ? error : "generic"}` });
  }

  // 3-4. `source` is carried on every redirect (see carriedParams); `next` is kept on auth-flow
  // routes and followed everywhere else.
  const next = safeNext(query.get("next"));
  if (!route.isAuthFlow && next) {
    return { kind: "redirect", to: withSource(next, query), isFullLoad: false, isPermanent: false, alerts };
  }

  const isSignedIn = viewer !== null;
  const needsSignIn = route.access === "signedIn" || route.access === "nonPro" || route.access === "admin";

  // 5. Signed-in users on the landing page go to the default page, unless their e-mail is unverified.
  if (route.name === "LandingPage" && viewer && !viewer.needsVerification) return go(namedPaths.Default);

  // 6. Authentication required: anonymous visitors go to Login with `next` set to the wanted path.
  if (needsSignIn && !viewer) {
    const login = new URLSearchParams({ next: url.pathname + url.search });
    const source = query.get("source");
    if (source) login.set("source", source);
    return {
      kind: "redirect",
      to: withQuery(localizePath(namedPaths.Login, locale), login),
      isFullLoad: false,
      isPermanent: false,
      alerts,
    };
  }

  if (viewer && needsSignIn) {
    // 7. Admin routes need IS_ADMIN.
    if (route.access === "admin" && !viewer.isAdmin) return go(namedPaths.Default);
    // 8. Non-Pro-only routes let only the free plan through, and only where Pro is for sale.
    if (route.access === "nonPro" && viewer.isPro) return go(namedPaths.Default, [{ type: "info", code: "alreadyPro" }]);
    if (route.access === "nonPro" && !viewer.paymentsOn) return go(namedPaths.Default, [{ type: "info", code: "paymentsOff" }]);
    // 9. Unverified e-mail goes to VerifyEmail (Checkout and Paywall are exempt); a verified user has nothing to do there.
    if (viewer.needsVerification && !route.isExemptFromVerify) return go(namedPaths.VerifyEmail);
    if (!viewer.needsVerification && route.name === "VerifyEmail") return go(namedPaths.Default);
    // 10. Onboarding not finished goes to OnboardingDefault; finished users have nothing to do there.
    if (!viewer.hasFinishedOnboarding && !route.isExemptFromOnboarding) return go(namedPaths.OnboardingDefault);
    if (viewer.hasFinishedOnboarding && route.name === "OnboardingDefault") return go(namedPaths.Default);
    // 11. After onboarding, users without Pro see the paywall once (interpretations 14), where Pro is sold.
    if (viewer.paymentsOn && !viewer.isPro && !viewer.hasSeenPaywall && !route.isExemptFromPaywall) return go(namedPaths.Paywall);
  }

  // 12. Unauthenticated-only routes send signed-in users to the default page (keeping `next`).
  if (route.access === "anonymousOnly" && isSignedIn) return go(namedPaths.Default);

  // 13. Marketing pages get a trailing slash.
  if (route.isMarketing && !url.pathname.endsWith("/")) {
    return { kind: "redirect", to: `${url.pathname}/${url.search}`, isFullLoad: false, isPermanent: true, alerts };
  }

  // 14. The server-side redirect lookup; an absolute URL means a full page load.
  if (serverRedirect) {
    return {
      kind: "redirect",
      to: withSource(serverRedirect, query),
      isFullLoad: isAbsoluteUrl(serverRedirect),
      isPermanent: false,
      alerts,
    };
  }

  return { kind: "render", alerts };
}

/** Only same-site paths are followed: `/x` yes, `//evil.com`, `/\evil.com` and `https://...` no. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // Browsers drop tabs and newlines inside URLs (`/\t/evil.com` reads as `//evil.com`), and control
  // characters cannot go into a Location header at all.
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return next;
}

export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

function carriedParams(query: URLSearchParams, keepsNext: boolean): URLSearchParams {
  const carried = new URLSearchParams();
  const source = query.get("source");
  if (source) carried.set("source", source);
  const next = keepsNext ? safeNext(query.get("next")) : null;
  if (next) carried.set("next", next);
  return carried;
}

/** `target` with the request's `source` added, unless it has none or the target names its own. */
function withSource(target: string, query: URLSearchParams): string {
  const source = query.get("source");
  if (!source) return target;
  const [base = ""] = target.split("#");
  const at = base.indexOf("?");
  if (at !== -1 && new URLSearchParams(base.slice(at + 1)).has("source")) return target;
  return withQuery(target, new URLSearchParams({ source }));
}

/** Appends `params` to the query of `path`, before any `#hash`. */
function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  if (!query) return path;
  const hashAt = path.indexOf("#");
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : path.slice(hashAt);
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash}`;
}
