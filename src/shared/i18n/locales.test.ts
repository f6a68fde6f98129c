import { describe, expect, it } from "vitest";
import {
  catalogMaxAgeSeconds,
  defaultLocale,
  isLocale,
  type Locale,
  localeCookieMaxAgeSeconds,
  localeCookieName,
  localeFromAcceptLanguage,
  locales,
  localizePath,
  namespaces,
  splitLocale,
} from "./locales";

describe("locale constants (spec section 9)", () => {
  it("en is the default of en, es and pt", () => {
    expect([...locales]).toEqual(["en", "es", "pt"]);
    expect(defaultLocale).toBe("en");
  });

  it("the locale cookie is i18n_redirected for 365 days; messages are cached 24 hours", () => {
    expect(localeCookieName).toBe("i18n_redirected");
    expect(localeCookieMaxAgeSeconds).toBe(31_536_000);
    expect(catalogMaxAgeSeconds).toBe(86_400);
  });

  it("namespaces", () => {
    expect([...namespaces]).toEqual([
      "common",
      "marketing",
      "legal",
      "auth",
      "account",
      "mail",
      "notes",
      "meetings",
      "billing",
      "calendar",
    ]);
  });
});

describe("isLocale", () => {
  it.each(["en", "es", "pt"])("%j is a locale", (value) => {
    expect(isLocale(value)).toBe(true);
  });

  it.each(["EN", "Es", "fr", "pt-BR", "es ", "", "default", undefined, null, 1, {}, ["en"]])("%j is not", (value) => {
    expect(isLocale(value)).toBe(false);
  });
});

describe("splitLocale", () => {
  it.each<[string, Locale, string]>([
    ["/", "en", "/"],
    ["", "en", "/"],
    ["/notes", "en", "/notes"],
    ["/note/abc", "en", "/note/abc"],
    ["/es", "es", "/"],
    ["/es/", "es", "/"],
    ["/es/notes", "es", "/notes"],
    ["/es/notes/", "es", "/notes/"],
    ["/pt", "pt", "/"],
    ["/pt/", "pt", "/"],
    ["/pt/note/abc", "pt", "/note/abc"],
    ["/es/es/notes", "es", "/es/notes"],
    ["/en", "en", "/en"],
    ["/en/notes", "en", "/en/notes"],
    ["/esx", "en", "/esx"],
    ["/espanol/notes", "en", "/espanol/notes"],
    ["/ES/notes", "en", "/ES/notes"],
    ["/fr/notes", "en", "/fr/notes"],
    ["/notes/es", "en", "/notes/es"],
    ["/es//notes", "es", "//notes"],
  ])("%j -> %s %j", (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });
});

describe("localizePath", () => {
  it.each<[string, Locale, string]>([
    ["/", "en", "/"],
    ["/", "es", "/es/"],
    ["/", "pt", "/pt/"],
    ["/home", "en", "/home"],
    ["/home", "es", "/es/home"],
    ["/home", "pt", "/pt/home"],
    ["/note/abc", "es", "/es/note/abc"],
    ["/ai-chat/", "pt", "/pt/ai-chat/"],
    ["/login?next=%2Fnotes", "es", "/es/login?next=%2Fnotes"],
    ["/onboarding/start", "pt", "/pt/onboarding/start"],
  ])("%j in %s -> %j", (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it.each(
    ["/", "/home", "/note/abc", "/settings/profile/billing", "/ai-chat/"].flatMap((path) =>
      locales.map((locale) => [path, locale] as const),
    ),
  )("splitLocale undoes localizePath(%j, %s)", (path, locale) => {
    expect(splitLocale(localizePath(path, locale))).toEqual({ locale, path });
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each<[string | null | undefined, Locale | null]>([
    [null, null],
    [undefined, null],
    ["", null],
    ["   ", null],
    ["*", null],
    ["fr", null],
    ["fr-FR, de;q=0.8", null],
    ["en", "en"],
    ["es", "es"],
    ["pt", "pt"],
    ["es-ES", "es"],
    ["pt-BR", "pt"],
    ["ES-mx", "es"],
    ["es-ES,es;q=0.9,en;q=0.8", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,pt-BR;q=0.8,en;q=0.5", "pt"],
    ["de, es;q=0.3, pt;q=0.7", "pt"],
    ["en;q=0.5, es", "es"],
    ["es;q=0.5, pt;q=0.5", "es"],
    ["pt;q=0.5, es;q=0.5", "pt"],
    ["  pt-PT ;q=0.9 , en ; q=0.8", "pt"],
    ["es;q=abc, pt;q=0.1", "pt"],
    ["es;q=0, en", "en"],
    ["es;q=0", null],
    ["es;q=0.0, pt;q=0.001", "pt"],
    ["es;level=1;q=0.2, pt;q=0.1", "es"],
    [",,es", "es"],
    ["*, pt;q=0.5", "pt"],
  ])("%j -> %j", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
