// Expected texts come from the shipped catalogs, so copy changes do not break the suite.
import { readFileSync } from "node:fs";
import { type Locale, locales } from "../../src/shared/i18n/locales";

export type CatalogNamespace =
  | "common"
  | "marketing"
  | "legal"
  | "auth"
  | "account"
  | "mail"
  | "notes"
  | "meetings"
  | "billing"
  | "calendar";

const cache = new Map<string, unknown>();

function catalog(locale: Locale, namespace: CatalogNamespace): unknown {
  const id = `${locale}/${namespace}`;
  if (!cache.has(id)) {
    const file = new URL(`../../i18n/${id}.json`, import.meta.url);
    cache.set(id, JSON.parse(readFileSync(file, "utf8")));
  }
  return cache.get(id);
}

/** The string at a dotted `key` of a catalog; throws when it is missing, so a typo cannot pass as "". */
export function text(locale: Locale, namespace: CatalogNamespace, key: string): string {
  let node: unknown = catalog(locale, namespace);
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== "string") throw new Error(`No string at ${locale}/${namespace}.json: ${key}`);
  return node;
}

/** True when the catalog has a string at `key` (used to pick the pages a test can check). */
export function hasText(locale: Locale, namespace: CatalogNamespace, key: string): boolean {
  try {
    text(locale, namespace, key);
    return true;
  } catch {
    return false;
  }
}

export { type Locale, locales };
