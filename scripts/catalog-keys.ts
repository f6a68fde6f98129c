import { readFileSync } from "node:fs";
import path from "node:path";
import { locales, namespaces } from "../src/shared/i18n/locales";

/** Flattens a catalog into dotted keys (array items by index), e.g. `pages.home.features.items.0.title`. */
export function flattenKeys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => flattenKeys(item, prefix ? `${prefix}.${index}` : String(index)));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

export interface CatalogProblem {
  namespace: string;
  locale: string;
  missing: string[];
  extra: string[];
}

/** Compares every locale's keys with English's, per namespace. */
export function findCatalogProblems(directory = path.resolve("i18n")): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const namespace of namespaces) {
    const read = (locale: string) =>
      new Set(flattenKeys(JSON.parse(readFileSync(path.join(directory, locale, `${namespace}.json`), "utf8"))));
    const reference = read("en");
    for (const locale of locales.filter((l) => l !== "en")) {
      const keys = read(locale);
      const missing = [...reference].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !reference.has(key));
      if (missing.length || extra.length) problems.push({ namespace, locale, missing, extra });
    }
  }
  return problems;
}
