// The language switcher and the home page's language redirect (cookie first, then Accept-Language).
import { expect, test } from "./fixtures/test";
import { text } from "./support/catalog";
import { isAt, waitForPageReady } from "./support/pages";

const cookieName = "i18n_redirected";

test.describe("language switcher", () => {
  test("switches /transcribe/ to Spanish, Portuguese and back to English, remembering the choice", async ({ page, context }) => {
    await page.goto("/transcribe/");
    await waitForPageReady(page);
    const steps = [
      { locale: "es", path: "/es/transcribe/", from: "en" },
      { locale: "pt", path: "/pt/transcribe/", from: "es" },
      { locale: "en", path: "/transcribe/", from: "pt" },
    ] as const;
    for (const { locale, path, from } of steps) {
      // The select is labelled in the language of the page it sits on.
      await page.getByRole("combobox", { name: text(from, "common", "ui.language") }).selectOption(locale);
      await page.waitForURL(isAt(path));
      await waitForPageReady(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "marketing", "pages.transcribe.hero.title"));
      await expect(page.getByRole("combobox", { name: text(locale, "common", "ui.language") })).toHaveValue(locale);
      const cookie = (await context.cookies()).find((c) => c.name === cookieName);
      expect(cookie?.value, `${cookieName} cookie after choosing ${locale}`).toBe(locale);
    }
  });

  // Static marketing pages and React pages (Login) both have to say their new language.
  const langCases = [
    { from: "/transcribe/", to: "/es/transcribe/", heading: ["marketing", "pages.transcribe.hero.title"] },
    { from: "/login", to: "/es/login", heading: ["common", "pages.Login.title"] },
  ] as const;
  for (const { from, to, heading } of langCases) {
    test(`<html lang> follows the language chosen with the switcher on ${from}`, async ({ page }) => {
      await page.goto(from);
      await waitForPageReady(page);
      await page.getByRole("combobox", { name: text("en", "common", "ui.language") }).selectOption("es");
      await page.waitForURL(isAt(to));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", heading[0], heading[1]));
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    });
  }

  test("the switcher keeps the query string", async ({ page }) => {
    await page.goto("/faq?ref=e2e");
    await waitForPageReady(page);
    await page.getByRole("combobox", { name: text("en", "common", "ui.language") }).selectOption("pt");
    await page.waitForURL(isAt("/pt/faq", "?ref=e2e"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pt", "marketing", "faqPage.title"));
  });
});

test.describe("home page language redirect", () => {
  test("a stored choice (cookie pt) sends / to /pt/", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: cookieName, value: "pt", url: baseURL ?? "" }]);
    await page.goto("/");
    await page.waitForURL(isAt("/pt/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pt", "marketing", "pages.home.hero.title"));
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  });

  test.describe("with an English browser", () => {
    test.use({ locale: "en-US" });

    test("/ stays on / and the choice is remembered", async ({ page, context }) => {
      await page.goto("/");
      await page.waitForURL(isAt("/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "marketing", "pages.home.hero.title"));
      // The server sets the cookie for every supported Accept-Language, English included (locale-redirect.ts).
      expect((await context.cookies()).find((c) => c.name === cookieName)?.value).toBe("en");
    });
  });

  test.describe("with a Spanish browser", () => {
    // The browser's locale sets its Accept-Language header (es-ES).
    test.use({ locale: "es-ES" });

    test("/ goes to /es/ and the choice is remembered", async ({ page, context }) => {
      await page.goto("/");
      await page.waitForURL(isAt("/es/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "marketing", "pages.home.hero.title"));
      expect((await context.cookies()).find((c) => c.name === cookieName)?.value).toBe("es");
    });

    test("the query string survives the redirect", async ({ page }) => {
      await page.goto("/?utm_source=e2e");
      await page.waitForURL(isAt("/es/", "?utm_source=e2e"));
    });

    test("a stored choice wins over the browser's language", async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: cookieName, value: "pt", url: baseURL ?? "" }]);
      await page.goto("/");
      await page.waitForURL(isAt("/pt/"));
    });
  });
});
