import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { isLocale, localeCookieMaxAgeSeconds, localeCookieName, localeFromAcceptLanguage } from "../../shared/i18n/locales";

// Visiting the bare home page sends a visitor to their language: the stored choice (cookie
// i18n_redirected) first, else the browser's Accept-Language; the choice is remembered for 365 days.
export function localeRedirect(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" || c.req.path !== "/") return next();
    const stored = getCookie(c, localeCookieName);
    const locale = isLocale(stored) ? stored : localeFromAcceptLanguage(c.req.header("Accept-Language"));
    if (!locale) return next();
    if (!isLocale(stored)) setCookie(c, localeCookieName, locale, { path: "/", maxAge: localeCookieMaxAgeSeconds, sameSite: "Lax" });
    if (locale === "en") return next();
    const query = new URL(c.req.url).search;
    return c.redirect(`/${locale}/${query}`, 302);
  };
}
