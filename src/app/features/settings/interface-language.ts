import { writeCookie } from "~/app/ui/write-cookie";
import { type Locale, localeCookieMaxAgeSeconds, localeCookieName, locales } from "~/shared/i18n/locales";

/** Each interface language in its own words, as the language switcher shows them. */
export const interfaceLanguageNames: Record<Locale, string> = { en: "English", es: "Español", pt: "Português" };
export const interfaceLanguages = locales;

/** spec section 4: a language choice is kept in the locale cookie (read by the server on the next load). */
export function rememberInterfaceLanguage(locale: Locale): void {
  writeCookie(localeCookieName, locale, localeCookieMaxAgeSeconds);
}

/** A language's name in the interface language, from the browser (Intl.DisplayNames), capitalised. */
export function languageName(code: string, inLocale: Locale): string {
  const name = new Intl.DisplayNames([inLocale], { type: "language" }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1);
}
