import type { Environment } from "../environment";
import type { Locale } from "../i18n/locales";
import { decideRoute, type RouteAlert, type RouteDecision, type Viewer } from "./decide-route";
import { matchRoute } from "./match-route";
import { type RouteDef, routeTable } from "./route-table";

// Shared by the decide-route*.test.ts files: viewers, a `decide` shorthand and route groups.

// --- viewers -------------------------------------------------------------------------------------

/** Verified, onboarded, free plan, has seen the paywall once: the user who is let through everywhere. */
export const member: Viewer = {
  needsVerification: false,
  hasFinishedOnboarding: true,
  isPro: false,
  isAdmin: false,
  hasSeenPaywall: true,
  paymentsOn: true,
};
export const pro: Viewer = { ...member, isPro: true };
/** Free, onboarded, paywall not shown yet. */
export const fresh: Viewer = { ...member, hasSeenPaywall: false };
export const unverified: Viewer = { ...member, needsVerification: true };
export const onboarding: Viewer = { ...member, hasFinishedOnboarding: false };
export const admin: Viewer = { ...pro, isAdmin: true };
/** Free, onboarded, paywall never shown, on a server without payments (decision 022). */
export const selfHosted: Viewer = { ...fresh, paymentsOn: false };
/** Everything still to do: unverified, not onboarded, free, paywall unseen. */
export const brandNew: Viewer = {
  needsVerification: true,
  hasFinishedOnboarding: false,
  isPro: false,
  isAdmin: false,
  hasSeenPaywall: false,
  paymentsOn: true,
};

// --- helpers -------------------------------------------------------------------------------------

export interface Options {
  viewer?: Viewer | null;
  environment?: Environment;
  serverRedirect?: string | null;
}

/** Decides `pathname` + `search` as the guards do: match first, then the rules. */
export function decide(pathname: string, search = "", options: Options = {}): RouteDecision {
  return decideRoute({
    url: { pathname, search },
    match: matchRoute(pathname),
    viewer: options.viewer ?? null,
    environment: options.environment ?? "production",
    serverRedirect: options.serverRedirect ?? null,
  });
}

/** `?key=value&...` encoded the way browsers and URLSearchParams do. */
export function q(params: Record<string, string>): string {
  return `?${new URLSearchParams(params).toString()}`;
}

export function redirect(to: string, extra: { alerts?: RouteAlert[]; isPermanent?: boolean; isFullLoad?: boolean } = {}): RouteDecision {
  return {
    kind: "redirect",
    to,
    isFullLoad: extra.isFullLoad ?? false,
    isPermanent: extra.isPermanent ?? false,
    alerts: extra.alerts ?? [],
  };
}

export const render = (alerts: RouteAlert[] = []): RouteDecision => ({ kind: "render", alerts });

export const errorAlert = (code: string): RouteAlert => ({ type: "error", code: `queryError.${code}` });
export const alreadyPro: RouteAlert = { type: "info", code: "alreadyPro" };
export const paymentsOff: RouteAlert = { type: "info", code: "paymentsOff" };

/** Follows redirects from `href` the way a browser would, returning every URL visited. */
export function settle(href: string, options: Options = {}): string[] {
  const hops = [href];
  for (let i = 0; i < 10; i++) {
    const url = new URL(hops[hops.length - 1] ?? "/", "https://parley.test");
    const decision = decide(url.pathname, url.search, options);
    if (decision.kind !== "redirect") return hops;
    hops.push(decision.to);
  }
  throw new Error(`redirect loop: ${hops.join(" -> ")}`);
}

/** A concrete path for a table row, every `:param` filled with a valid id. */
export function examplePath(route: RouteDef): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => `${key}_1`);
}

export const prefix = (locale: Locale, path: string): string => {
  if (locale === "en") return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
};

export const localizedRoutes = routeTable.filter((r) => !r.isUnlocalized);
export const guardedRoutes = localizedRoutes.filter((r) => r.access === "signedIn" || r.access === "nonPro" || r.access === "admin");
export const adminRoutes = routeTable.filter((r) => r.access === "admin");
export const anonymousOnlyRoutes = routeTable.filter((r) => r.access === "anonymousOnly");
export const marketingRoutes = routeTable.filter((r) => r.isMarketing);
export const localeCases: Locale[] = ["en", "es", "pt"];

// --- not found -----------------------------------------------------------------------------------
