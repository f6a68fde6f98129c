import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { i18n as I18n, Resource, ResourceLanguage } from "i18next";
import { createI18n } from "../app/i18n/create-i18n";
import { type Locale, locales, namespaces } from "../shared/i18n/locales";

export interface Catalogs {
  resources: Resource;
  /** Short content hash: part of every catalog URL, so the 24 h cache never serves old text. */
  version: string;
  /** The catalog file body, as served. */
  json(locale: Locale, namespace: string): string | null;
  getI18n(locale: Locale): I18n;
}

export async function loadCatalogs(directory = path.resolve("i18n")): Promise<Catalogs> {
  const resources: Resource = {};
  const bodies = new Map<string, string>();
  const hash = createHash("sha256");
  for (const locale of locales) {
    const language: ResourceLanguage = {};
    for (const namespace of namespaces) {
      const body = await readFile(path.join(directory, locale, `${namespace}.json`), "utf8");
      language[namespace] = JSON.parse(body);
      const compact = JSON.stringify(language[namespace]);
      bodies.set(`${locale}/${namespace}`, compact);
      hash.update(`${locale}/${namespace}:${compact}`);
    }
    resources[locale] = language;
  }
  const instances = new Map<Locale, I18n>();
  for (const locale of locales) instances.set(locale, await createI18n({ locale, namespaces, resources }));
  return {
    resources,
    version: hash.digest("hex").slice(0, 12),
    json: (locale, namespace) => bodies.get(`${locale}/${namespace}`) ?? null,
    getI18n: (locale) => instances.get(locale) ?? (instances.get("en") as I18n),
  };
}
