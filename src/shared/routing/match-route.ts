import { type Locale, splitLocale } from "../i18n/locales";
import { type RouteDef, routeTable } from "./route-table";

export interface RouteMatch {
  route: RouteDef;
  locale: Locale;
  params: Record<string, string>;
  /** Path without locale prefix and without trailing slash (except `/`). */
  path: string;
  /** False when a parameter fails validation (spec section 8: fatal 404 'Page Not Found: {path}'). */
  hasValidParams: boolean;
}

// Ids are opaque: letters, digits, dash and underscore, as every id this product mints.
const paramPattern = /^[A-Za-z0-9_-]{1,128}$/;

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  keys: string[];
}

const compiled: CompiledRoute[] = routeTable.map((route) => {
  const keys: string[] = [];
  const source = route.path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      keys.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { route, regex: new RegExp(`^${source === "" ? "/" : source}$`), keys };
});

/** Finds the page for a browser path such as `/es/note/abc/`; null when no page matches. */
export function matchRoute(pathname: string): RouteMatch | null {
  const unlocalized = matchIn(pathname, "en", true);
  if (unlocalized) return unlocalized;
  const { locale, path } = splitLocale(pathname);
  return matchIn(path, locale, false);
}

function matchIn(rawPath: string, locale: Locale, unlocalizedOnly: boolean): RouteMatch | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") || "/" : rawPath || "/";
  for (const { route, regex, keys } of compiled) {
    if (Boolean(route.isUnlocalized) !== unlocalizedOnly) continue;
    const found = regex.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    let hasValidParams = true;
    keys.forEach((key, i) => {
      let value = found[i + 1] ?? "";
      try {
        value = decodeURIComponent(value);
      } catch {
        hasValidParams = false;
      }
      params[key] = value;
      if (!paramPattern.test(value)) hasValidParams = false;
    });
    return { route, locale, params, path, hasValidParams };
  }
  return null;
}

/** The path the server-side redirect lookup is keyed by: no locale prefix, no trailing slash. */
export function redirectLookupPath(pathname: string): string {
  const { path } = splitLocale(pathname);
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}
