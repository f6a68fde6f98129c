import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { locales, namespaces } from "~/shared/i18n/locales";
import { createI18n } from "./create-i18n";
import { icuFormat } from "./icu-format-module";

// The browser's formatter must say exactly what intl-messageformat (through i18next-icu, `ignoreTag`,
// a parse error or missing value showing the message as written) said, or server and browser disagree.
const references = new Map<string, IntlMessageFormat>();
function reference(message: string, locale: string, values: Record<string, unknown>): string {
  try {
    const key = `${locale}\u0000${message}`;
    const formatter = references.get(key) ?? new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    references.set(key, formatter);
    return String(formatter.format(values));
  } catch {
    return message;
  }
}

const format = (message: string, locale: string, values: Record<string, unknown>) => icuFormat.parse(message, values, locale);

function catalogMessages(): { locale: string; key: string; message: string }[] {
  const found: { locale: string; key: string; message: string }[] = [];
  const walk = (locale: string, key: string, node: unknown) => {
    if (typeof node === "string") found.push({ locale, key, message: node });
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(locale, `${key}.${k}`, v);
  };
  for (const locale of locales) {
    for (const namespace of namespaces) {
      walk(locale, namespace, JSON.parse(readFileSync(path.resolve("i18n", locale, `${namespace}.json`), "utf8")));
    }
  }
  return found;
}

/** Values for every argument a message names: counts for plurals, each option for selects, text otherwise. */
function valueSets(message: string): Record<string, unknown>[] {
  const plurals = [...message.matchAll(/\{\s*(\w+)\s*,\s*plural/g)].map((m) => m[1] ?? "");
  const selects = [...message.matchAll(/\{\s*(\w+)\s*,\s*select/g)].map((m) => m[1] ?? "");
  const names = [...message.matchAll(/\{\s*(\w+)\s*[},]/g)].map((m) => m[1] ?? "");
  const selectors = [...new Set([...message.matchAll(/([\w=]+)\s*\{/g)].map((m) => m[1] ?? "")), "unknown-option"];
  const counts = [0, 1, 2, 3, 5, 11, 21, 1000, 1234567, 1.5, -1];
  return counts.flatMap((count, i) => {
    const values: Record<string, unknown> = {};
    for (const name of names) values[name] = `«${name}»`;
    for (const name of plurals) values[name] = count;
    for (const name of selects) values[name] = selectors[i % selectors.length];
    return [values, { ...values, total: 0 }];
  });
}

describe("ICU messages in the browser", () => {
  const messages = catalogMessages();

  it("formats every catalog message in every locale as intl-messageformat does", () => {
    expect(messages.length).toBeGreaterThan(500);
    expect(messages.filter((m) => m.message.includes("plural")).length).toBeGreaterThan(50);
    const differ: string[] = [];
    for (const { locale, key, message } of messages) {
      for (const values of [{}, ...valueSets(message)]) {
        const want = reference(message, locale, values);
        const got = format(message, locale, values);
        if (got !== want) differ.push(`${locale} ${key} ${JSON.stringify(values)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it("handles quoting, offsets, # only in plurals, exact matches, nesting and tags as text", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["It''s '{literal}' and '#' {n, plural, one {'#' # item} other {# items '{x}'}}", { n: 1 }],
      ["{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}", { n: 3, who: "Ana" }],
      ["{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}", { n: 2, who: "Ana" }],
      ["{n, plural, other {{k, select, a {# in a select} other {x}}}}", { n: 4, k: "a" }],
      ["<b>{n, plural, one {# file} other {# files}}</b> } stays", { n: 1234 }],
      ["{n, plural, one {# día} other {# días}}", { n: 1000.5 }],
      ["{flag} {zero} {none}", { flag: false, zero: 0, none: null }],
      ["{n, plural, one {x}}", { n: 1 }],
      ["{n, plural, one {x} other {y}", { n: 1 }],
      ["{missing}", {}],
      ["don't ' end'", {}],
    ];
    for (const [message, values] of cases) {
      for (const locale of locales) expect(format(message, locale, values)).toBe(reference(message, locale, values));
    }
    // Number, date and time arguments are not part of the subset (no catalog uses them): shown as written.
    expect(format("{n, number} left", "en", { n: 1 })).toBe("{n, number} left");
    expect(format("{n, plural, one {# item} other {# items}}", "es", { n: 1000 })).toBe("1000 items");
    expect(format("{n, plural, one {# item} other {# items}}", "en", { n: 1000 })).toBe("1,000 items");
  });

  it("agrees with intl-messageformat on arbitrary messages built from ICU's special characters", () => {
    const token = fc.constantFrom(
      "a",
      " ",
      "{",
      "}",
      "#",
      "'",
      "''",
      "<",
      ">",
      ",",
      "n",
      "k",
      "plural",
      "select",
      "one",
      "other",
      "=1",
      "offset:1",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 24 }), fc.constantFrom(...locales), fc.integer({ min: 0, max: 3 }), (tokens, locale, n) => {
        const message = tokens.join("");
        const values = { n, k: "one", a: "A" };
        expect(format(message, locale, values)).toBe(reference(message, locale, values));
      }),
      { numRuns: 3000 },
    );
  });

  it("is what i18next uses: plurals, lists passed through, a missing value shown as written", async () => {
    const i18n = await createI18n({
      locale: "pt",
      namespaces: ["common"],
      resources: { pt: { common: { files: "{count, plural, one {# arquivo} other {# arquivos}}", list: ["a", "b"], hi: "Olá {name}" } } },
    });
    expect(i18n.t("files", { count: 1 })).toBe("1 arquivo");
    expect(i18n.t("files", { count: 2500 })).toBe("2.500 arquivos");
    expect(i18n.t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(i18n.t("hi")).toBe("Olá {name}");
    expect(i18n.t("hi", { name: "Rui" })).toBe("Olá Rui");
  });
});
