import i18next, { type BackendModule, type i18n as I18n, type Resource } from "i18next";
import type { Locale, Namespace } from "~/shared/i18n/locales";
import { defaultLocale, locales } from "~/shared/i18n/locales";
import { icuFormat } from "./icu-format-module";

export interface CreateI18nOptions {
  locale: Locale;
  namespaces: readonly Namespace[];
  /** Server: every catalog in memory. Browser: none, fetched through `backend`. */
  resources?: Resource;
  backend?: BackendModule;
}

/** One i18next instance with ICU messages; the server keeps one per locale, the browser one in all. */
export async function createI18n({ locale, namespaces, resources, backend }: CreateI18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(icuFormat);
  if (backend) instance.use(backend);
  await instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    ns: [...namespaces],
    defaultNS: "common",
    resources,
    partialBundledLanguages: Boolean(backend),
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });
  return instance;
}
