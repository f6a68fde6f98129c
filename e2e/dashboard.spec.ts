// Signed-in pages send anonymous visitors to Login; auth-flow and public pages render their title in
// every language they exist in. Pages come from the route table, so new ones are covered automatically.
import { expect, test } from "./fixtures/test";
import { locales, text } from "./support/catalog";
import { localizePath, pageUrl, routeTable, waitForPageReady } from "./support/pages";

const signedInOnly = routeTable.filter((route) => ["signedIn", "nonPro", "admin"].includes(route.access));
// Shared and demo notes (dashboard-public) show a note, titled by the note, and are a 404 for an
// unknown id: note-page.spec.ts opens them with real ids.
const openToAnonymous = routeTable.filter(
  (route) => route.access === "anonymousOnly" || (route.access === "public" && ["login", "sso"].includes(route.layout)),
);

test.describe("signed-in pages redirect an anonymous visitor to Login", () => {
  for (const route of signedInOnly) {
    test(`${route.name} (${route.path})`, async ({ request }) => {
      for (const locale of locales) {
        const url = pageUrl(route, locale, { id: "abc123", folderId: "f1", productId: "pro", ownerId: "u1", userId: "u1" });
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status(), `status of ${url}`).toBe(302);
        const location = new URL(response.headers().location ?? "", "http://localhost");
        expect(location.pathname, `Location of ${url}`).toBe(localizePath("/login", locale));
        expect(location.searchParams.get("next"), `next of ${url}`).toBe(url);
      }
    });
  }

  test("the browser lands on the Spanish Login for /es/admin/users, keeping source", async ({ page }) => {
    await page.goto("/es/admin/users?source=newsletter");
    await page.waitForURL((url) => url.pathname === "/es/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("next")).toBe("/es/admin/users?source=newsletter");
    expect(url.searchParams.get("source")).toBe("newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "common", "pages.Login.title"));
  });
});

test.describe("auth-flow and public pages render their translated title", () => {
  for (const route of openToAnonymous) {
    for (const locale of route.isUnlocalized ? (["en"] as const) : locales) {
      const url = pageUrl(route, locale);
      test(`${route.name} in ${locale} (${url})`, async ({ page }) => {
        const title = text(locale, "common", `pages.${route.name}.title`);
        // The One Tap stand-in signs in the moment it loads and the page then leaves; this test is about
        // the title, so the client script is an empty one here (the sign-in has its own journey).
        if (route.name === "GoogleOneTap") {
          await page.route("**/gsi/client**", (request) => request.fulfill({ body: "", contentType: "text/javascript" }));
        }
        const response = await page.goto(url);
        expect(response?.status(), `status of ${url}`).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(`${title} · Parley`);
        await waitForPageReady(page);
      });
    }
  }

  test("unlocalized pages have no language variants", async ({ request }) => {
    for (const route of routeTable.filter((r) => r.isUnlocalized)) {
      for (const locale of locales.filter((l) => l !== "en")) {
        const url = `/${locale}${pageUrl(route, "en")}`;
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status(), `status of ${url}`).toBe(404);
      }
    }
  });
});
