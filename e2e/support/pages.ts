// Which pages the suite visits, read from the app's route table so a new page is covered automatically.
import { expect, type Page } from "@playwright/test";
import { type Locale, localizePath } from "../../src/shared/i18n/locales";
import { type RouteDef, routeTable } from "../../src/shared/routing/route-table";
import { text } from "./catalog";

export { localizePath, type RouteDef, routeTable };

/** The eight landing pages and six onboarding marketing pages, plus the FAQ. */
export const marketingPages = routeTable.filter((route) => route.isMarketing || route.name === "Faq");

/** The five policy documents (/terms.html etc.): the pages that read the legal catalog. */
export const policyPages = routeTable.filter((route) => route.namespaces?.includes("legal"));

/** Catalog key of a marketing page: `LandingPage` reads `home`, `AiChat` reads `aiChat`. */
function pageKey(name: string): string {
  return name === "LandingPage" ? "home" : name.charAt(0).toLowerCase() + name.slice(1);
}

/** Where a marketing page keeps its <h1> and <title> in the marketing catalog. */
export function marketingCopy(route: RouteDef, locale: Locale): { heading: string; title: string } {
  if (route.name === "Faq") {
    return { heading: text(locale, "marketing", "faqPage.title"), title: text(locale, "marketing", "faqPage.meta.title") };
  }
  const key = pageKey(route.name);
  if (route.layout === "onboarding") {
    const base = `onboarding.pages.${key}`;
    return { heading: text(locale, "marketing", `${base}.title`), title: text(locale, "marketing", `${base}.meta.title`) };
  }
  if (route.layout === "landing-page") {
    const base = `pages.${key}`;
    return { heading: text(locale, "marketing", `${base}.hero.title`), title: text(locale, "marketing", `${base}.meta.title`) };
  }
  throw new Error(`No known catalog copy for marketing page ${route.name} (layout ${route.layout})`);
}

// The legal catalog names its documents differently from the route names.
const policyKeys: Record<string, string> = {
  Terms: "terms",
  Privacy: "privacy",
  CookiePolicy: "cookie",
  Refund: "refund",
  Community: "community",
};

export function policyTitle(route: RouteDef, locale: Locale): string {
  const key = policyKeys[route.name];
  if (!key) throw new Error(`No legal catalog document known for ${route.name}`);
  return text(locale, "legal", `documents.${key}.title`);
}

/** The address a visitor uses: marketing pages live at their trailing-slash form. */
export function pageUrl(route: RouteDef, locale: Locale, params: Record<string, string> = {}): string {
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => params[key] ?? "x");
  const localized = route.isUnlocalized ? path : localizePath(path, locale);
  return route.isMarketing && !localized.endsWith("/") ? `${localized}/` : localized;
}

/**
 * Waits until the page's scripts have taken over its controls. Pages that ship React (they carry
 * `window.__reactRouterContext`) are ready once React has hydrated them: React tags every hydrated
 * element with a `__reactFiber$` key. Pages without React are ready once the document has loaded.
 * Before that, clicks and selects land on server HTML that has no handlers yet.
 */
export async function waitForPageReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          if (document.readyState !== "complete") return false;
          if (!("__reactRouterContext" in window)) return true;
          return Object.keys(document.body).some((key) => key.startsWith("__reactFiber$"));
        }),
      { message: "the page's scripts are running" },
    )
    .toBe(true);
}

/** True when `url` has exactly this path and query (order of the query as the app writes it). */
export function isAt(path: string, search = ""): (url: URL) => boolean {
  return (url) => url.pathname === path && url.search === search;
}
