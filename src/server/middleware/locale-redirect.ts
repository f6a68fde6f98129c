import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isLocale, localeCookieMaxAgeSeconds, localeCookieName, localeFromAcceptLanguage } from "~/shared/i18n/locales";

// Visiting the bare home page sends a visitor to their language: the stored choice (cookie
// i18n_redirected) first, else the browser's Accept-Language; the choice is remembered for 365 days.
export function localeRedirect(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" || c.req.path !== "/") return next();
    const stored = getCookie(c, localeCookieName);
    const locale = isLocale(stored) ? stored : localeFromAcceptLanguage(c.req.header("Accept-Language"));
    if (!locale) return next();
    const cookie = isLocale(stored) ? null : `${localeCookieName}=${locale}; Max-Age=${localeCookieMaxAgeSeconds}; Path=/; SameSite=Lax`;
    if (locale === "en") {
      await next();
      // Appended after the handler: the page comes back as a fresh Response.
      if (cookie) c.res.headers.append("Set-Cookie", cookie);
      return;
    }
    const query = new URL(c.req.url).search;
    const response = c.redirect(`/${locale}/${query}`, 302);
    if (cookie) response.headers.append("Set-Cookie", cookie);
    return response;
  };
}
