// Every marketing landing page, onboarding marketing page, the FAQ and the policy documents render in
// every language, at desktop and phone width, with the catalog's heading and title.
import { expect, test } from "./fixtures/test";
import { locales } from "./support/catalog";
import { marketingCopy, marketingPages, pageUrl, policyPages, policyTitle, waitForPageReady } from "./support/pages";

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

for (const viewport of viewports) {
  test.describe(`marketing pages at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of marketingPages) {
      for (const locale of locales) {
        const url = pageUrl(route, locale);
        test(`${route.name} in ${locale} (${url})`, async ({ page }) => {
          const copy = marketingCopy(route, locale);
          const response = await page.goto(url);
          expect(response?.status(), `HTTP status of ${url}`).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("lang", locale);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.heading);
          await expect(page).toHaveTitle(copy.title);
          await waitForPageReady(page);
          // Once the page's scripts run the heading must still be right, and nothing overflows sideways.
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.heading);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `page width at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
        });
      }
    }
  });
}

test.describe("policy pages", () => {
  for (const route of policyPages) {
    for (const locale of locales) {
      const url = pageUrl(route, locale);
      test(`${route.name} in ${locale} (${url})`, async ({ page }) => {
        const title = policyTitle(route, locale);
        const response = await page.goto(url);
        expect(response?.status(), `HTTP status of ${url}`).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(`${title} · Parley`);
        await waitForPageReady(page);
      });
    }
  }
});
