// spec section 9: en is the default and has no path prefix; es and pt are prefixed.
export const locales = ["en", "es", "pt"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** spec section 9: the locale cookie lasts 365 days. */
export const localeCookieName = "i18n_redirected";
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
/** spec section 9: locale messages are cached for 24 hours. */
export const catalogMaxAgeSeconds = 24 * 60 * 60;

export const namespaces = ["common", "marketing", "legal", "auth", "account", "mail", "notes", "meetings", "billing", "calendar"] as const;
export type Namespace = (typeof namespaces)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Splits `/es/notes` into `{ locale: "es", path: "/notes" }`; unprefixed paths are English. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(es|pt)(\/.*)?$/.exec(pathname);
  if (!match) return { locale: defaultLocale, path: pathname || "/" };
  return { locale: match[1] as Locale, path: match[2] ?? "/" };
}

/** The path of `path` (unprefixed) in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
}

/** Picks the first supported language of an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q.trim().slice(2)) : 1 };
    })
    // q=0 means "not acceptable" (RFC 9110 12.4.2).
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLocale) ?? null;
}
