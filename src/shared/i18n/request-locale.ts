import { readCookie } from "../cookies";
import { isLocale, type Locale, localeCookieName, localeFromAcceptLanguage } from "./locales";

/** A request's language: Accept-Language first (the web client always sends it), then the locale cookie. */
export function requestLocale(headers: Headers): Locale {
  const fromHeader = localeFromAcceptLanguage(headers.get("Accept-Language"));
  if (fromHeader) return fromHeader;
  const fromCookie = readCookie(headers.get("Cookie"), localeCookieName);
  return isLocale(fromCookie) ? fromCookie : "en";
}
