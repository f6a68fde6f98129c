import { useCallback } from "react";
import { useLocation } from "react-router";
import { type Locale, localizePath, splitLocale } from "~/shared/i18n/locales";

/** The locale of the current page, from its path prefix. */
export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale;
}

/** Turns an unprefixed path such as `/faq` into the current locale's (`/es/faq`). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
