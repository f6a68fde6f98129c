// Builds the React Router config from the one route table: every page in its layout, once per locale
// (no prefix, /es, /pt), except the unlocalized shared-note page.
import { type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type Locale, locales } from "../shared/i18n/locales";
import { type LayoutName, type RouteDef, routeTable } from "../shared/routing/route-table";

const layoutFiles: Record<LayoutName, string> = {
  dashboard: "layouts/dashboard-layout.tsx",
  "dashboard-public": "layouts/dashboard-public-layout.tsx",
  "generic-onboarding": "layouts/generic-onboarding-layout.tsx",
  "landing-page": "layouts/landing-page-layout.tsx",
  login: "layouts/login-layout.tsx",
  onboarding: "layouts/onboarding-layout.tsx",
  sso: "layouts/sso-layout.tsx",
};

function pathFor(def: RouteDef, locale: Locale): string {
  const bare = def.path.replace(/^\//, "");
  if (locale === "en") return bare;
  return bare ? `${locale}/${bare}` : locale;
}

function entriesFor(prefix: string, locale: Locale, defs: readonly RouteDef[]): RouteConfigEntry[] {
  const layouts = Object.keys(layoutFiles) as LayoutName[];
  return layouts.flatMap((layout) => {
    const children = defs
      .filter((def) => def.layout === layout)
      .map((def) => route(pathFor(def, locale), def.file, { id: `${prefix}:${def.name}` }));
    if (children.length === 0) return [];
    return [{ id: `${prefix}:layout:${layout}`, file: layoutFiles[layout], children }];
  });
}

export default [
  ...locales.flatMap((locale) =>
    entriesFor(
      locale,
      locale,
      routeTable.filter((def) => !def.isUnlocalized),
    ),
  ),
  ...entriesFor(
    "shared",
    "en",
    routeTable.filter((def) => def.isUnlocalized),
  ),
] satisfies RouteConfig;
