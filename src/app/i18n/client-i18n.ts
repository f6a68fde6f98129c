import type { i18n as I18n } from "i18next";
import type { Locale, Namespace } from "~/shared/i18n/locales";
import { createCatalogBackend } from "./catalog-backend";
import { createI18n } from "./create-i18n";

let instance: I18n | null = null;

/** The browser's one i18n instance; catalogs come from the server's catalog path on demand. */
export async function initClientI18n(locale: Locale, namespaces: readonly Namespace[], version: string): Promise<I18n> {
  instance = await createI18n({
    locale,
    namespaces: ["common", ...namespaces.filter((ns) => ns !== "common")],
    backend: createCatalogBackend(version),
  });
  return instance;
}

/** Switches language and loads the catalogs a page needs before it renders. */
export async function ensureLocale(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  if (!instance) return;
  if (instance.language !== locale) await instance.changeLanguage(locale);
  await instance.loadNamespaces(["common", ...namespaces]);
}
