/** The internal path the server serves locale catalogs from (spec section 7: locale messages). */
export const catalogBasePath = "/_i18n";

export function catalogPath(locale: string, namespace: string, version: string): string {
  return `${catalogBasePath}/${locale}/${namespace}.json?v=${encodeURIComponent(version)}`;
}
