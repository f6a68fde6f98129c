import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { locales, namespaces } from "../src/shared/i18n/locales";
import { findCatalogProblems, flattenKeys } from "./catalog-keys";

describe("catalog keys", () => {
  it("the project's en, es and pt catalogs have the same keys", () => {
    expect(findCatalogProblems()).toEqual([]);
  });

  it("every message of every catalog is valid ICU", () => {
    const broken: string[] = [];
    for (const locale of locales) {
      for (const namespace of namespaces) {
        const catalog: unknown = JSON.parse(readFileSync(path.resolve("i18n", locale, `${namespace}.json`), "utf8"));
        for (const key of flattenKeys(catalog)) {
          const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
          try {
            new IntlMessageFormat(String(value), locale);
          } catch {
            broken.push(`${locale}/${namespace}: ${key}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("flattens nested objects and arrays", () => {
    expect(flattenKeys({ a: { b: "x", c: [{ d: "y" }, { d: "z" }] } })).toEqual(["a.b", "a.c.0.d", "a.c.1.d"]);
  });

  it("reports missing and extra keys per locale and namespace", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "catalogs-"));
    for (const locale of locales) {
      mkdirSync(path.join(dir, locale));
      for (const namespace of namespaces) {
        const body =
          locale === "es" && namespace === "common" ? { a: "x", extra: "y" } : locale === "pt" && namespace === "legal" ? {} : { a: "x" };
        writeFileSync(path.join(dir, locale, `${namespace}.json`), JSON.stringify(body));
      }
    }
    expect(findCatalogProblems(dir)).toEqual([
      { namespace: "common", locale: "es", missing: [], extra: ["extra"] },
      { namespace: "legal", locale: "pt", missing: ["a"], extra: [] },
    ]);
  });
});
