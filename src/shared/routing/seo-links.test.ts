import { describe, expect, it } from "vitest";
import { seoLinks } from "./seo-links";

const origin = "https://parley.example";

describe("canonical and alternate links (spec section 2)", () => {
  it("builds them from the path of a marketing page, trailing slash included", () => {
    expect(seoLinks(origin, "/es/transcribe/", { isLocalized: true, hasTrailingSlash: true })).toEqual({
      canonical: "https://parley.example/es/transcribe/",
      alternates: [
        { hrefLang: "en", href: "https://parley.example/transcribe/" },
        { hrefLang: "es", href: "https://parley.example/es/transcribe/" },
        { hrefLang: "pt", href: "https://parley.example/pt/transcribe/" },
        { hrefLang: "x-default", href: "https://parley.example/transcribe/" },
      ],
    });
  });

  it("handles the home page of each locale", () => {
    const links = seoLinks(origin, "/pt", { isLocalized: true, hasTrailingSlash: true });
    expect(links.canonical).toBe("https://parley.example/pt/");
    expect(links.alternates.map((alt) => alt.href)).toEqual([
      "https://parley.example/",
      "https://parley.example/es/",
      "https://parley.example/pt/",
      "https://parley.example/",
    ]);
  });

  it("keeps other pages without a trailing slash", () => {
    expect(seoLinks(origin, "/es/faq", { isLocalized: true, hasTrailingSlash: false }).alternates[0]).toEqual({
      hrefLang: "en",
      href: "https://parley.example/faq",
    });
  });

  it("gives an unlocalized page a canonical link only", () => {
    expect(seoLinks(origin, "/n/abc", { isLocalized: false, hasTrailingSlash: false })).toEqual({
      canonical: "https://parley.example/n/abc",
      alternates: [],
    });
  });
});
