import { locales, localizePath, splitLocale } from "../i18n/locales";

export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/** spec section 2: canonical and alternate-language links are built from the path. */
export function seoLinks(
  origin: string,
  pathname: string,
  { isLocalized, hasTrailingSlash }: { isLocalized: boolean; hasTrailingSlash: boolean },
): { canonical: string; alternates: AlternateLink[] } {
  const { path } = splitLocale(pathname);
  const bare = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const slash = (href: string) => (hasTrailingSlash && !href.endsWith("/") ? `${href}/` : href);
  if (!isLocalized) return { canonical: origin + slash(bare), alternates: [] };
  const canonical = origin + slash(localizePath(bare, splitLocale(pathname).locale));
  const hrefFor = (locale: (typeof locales)[number]) => {
    return origin + slash(localizePath(bare, locale));
  };
  const alternates: AlternateLink[] = locales.map((locale) => ({ hrefLang: locale, href: hrefFor(locale) }));
  alternates.push({ hrefLang: "x-default", href: hrefFor("en") });
  return { canonical, alternates };
}
