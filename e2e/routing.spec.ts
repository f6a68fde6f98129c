// Routing rules seen from outside: trailing slashes, not-found pages, sign-in redirects, error
// alerts, SEO links, and client-side navigation between marketing pages.
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { locales, text } from "./support/catalog";
import { isAt, localizePath, routeTable, waitForPageReady } from "./support/pages";

const marketing = routeTable.filter((route) => route.isMarketing && route.path !== "/");

test.describe("trailing slash", () => {
  for (const locale of locales) {
    test(`marketing pages in ${locale} redirect permanently to their slash form, keeping the query`, async ({ request }) => {
      for (const route of marketing) {
        const bare = localizePath(route.path, locale);
        const response = await request.get(`${bare}?utm_source=e2e&x=1`, { maxRedirects: 0 });
        expect(response.status(), `status of ${bare}`).toBe(301);
        const location = new URL(response.headers().location ?? "", "http://localhost");
        expect(`${location.pathname}${location.search}`, `Location of ${bare}`).toBe(`${bare}/?utm_source=e2e&x=1`);
      }
    });
  }

  test("pages that are not marketing pages keep their address", async ({ request }) => {
    for (const path of ["/faq", "/terms.html", "/login", "/es/login"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), `status of ${path}`).toBe(200);
    }
  });
});

test.describe("not found", () => {
  test("the server answers 404 for an unknown path", async ({ request }) => {
    const response = await request.get("/this-page-does-not-exist", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain(text("en", "common", "errors.pageNotFound"));
  });

  test("the server answers 404 for a page with an invalid parameter", async ({ request }) => {
    const response = await request.get("/note/bad%20id", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /note/bad%20id");
  });

  test.describe("in the browser", () => {
    // Chromium reports the 404 document itself as a console error; nothing else may show up.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

    test("an anonymous visitor on a mistyped address gets the landing page, in place of the bad address", async ({ page }) => {
      await page.goto("/faq");
      // The 404 page's body is checked above (the browser leaves it at once); here, where it leads.
      const response = await page.goto("/this-page-does-not-exist");
      expect(response?.status()).toBe(404);
      await page.waitForURL(isAt("/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "marketing", "pages.home.hero.title"));
      // The bad address was replaced in history, so Back returns to the page before it.
      await page.goBack();
      await page.waitForURL(isAt("/faq"));
    });

    test("a Spanish mistyped address ends on the Spanish landing page at phone width", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const response = await page.goto("/es/esta-pagina-no-existe");
      expect(response?.status()).toBe(404);
      await page.waitForURL(isAt("/es/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "marketing", "pages.home.hero.title"));
    });

    test("a signed-in user's 404 replaces itself with Home, with no request loop", async ({ page }) => {
      await signUpVerified(page, newAccount("not-found"));
      await skipOnboarding(page);
      await page.goto("/notes");
      await waitForPageReady(page);
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith(".data")) dataRequests.push(pathname);
      });
      const response = await page.goto("/this-page-does-not-exist");
      expect(response?.status()).toBe(404);
      await page.waitForURL(isAt("/home"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "common", "pages.Home.title"));
      // Before: the browser took the user for anonymous and the server sent them back, hundreds of times.
      expect(dataRequests.filter((path) => path.endsWith("/login.data"))).toEqual([]);
      expect(dataRequests.length).toBeLessThanOrEqual(2);
      await page.goBack();
      await page.waitForURL(isAt("/notes"));
    });

    test("a signed-in page with an invalid id in Portuguese at phone width ends on the Portuguese Home", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpVerified(page, newAccount("not-found-pt"));
      await skipOnboarding(page);
      let loginData = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith("/login.data")) loginData += 1;
      });
      const response = await page.goto("/pt/note/bad%20id");
      expect(response?.status()).toBe(404);
      await page.waitForURL(isAt("/pt/home"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pt", "common", "pages.Home.title"));
      expect(loginData).toBe(0);
    });
  });

  test("a revoked share link says the note is no longer shared, and stays where it is", async ({ page, browser }) => {
    await signUpVerified(page, newAccount("revoked-share"));
    await skipOnboarding(page);
    const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
    const headers = { "X-CSRF-Token": csrfToken };
    const created = await page.request.post("/api/notes/text", { data: { title: "Quarterly plan", text: "We agreed the plan." }, headers });
    const { note } = (await created.json()) as { note: { id: string } };
    const { shareId } = (await (await page.request.post(`/api/notes/${note.id}/share`, { headers })).json()) as { shareId: string };
    expect((await page.request.delete(`/api/notes/${note.id}/share`, { headers })).status()).toBe(204);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const publicPage = await visitor.newPage();
      // Server-rendered then hydrated: a mismatch or script error would show here (the 404 document aside).
      const problems: string[] = [];
      publicPage.on("console", (message) => {
        if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
      });
      publicPage.on("pageerror", (error) => problems.push(error.message));
      const response = await publicPage.goto(`/n/${shareId}`);
      expect(response?.status()).toBe(404);
      await waitForPageReady(publicPage);
      await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(text("en", "common", "pages.SharedNote.revokedTitle"));
      await expect(publicPage.getByText(text("en", "common", "pages.SharedNote.revokedBody"))).toBeVisible();
      await expect(publicPage.getByRole("link", { name: text("en", "common", "pages.SharedNote.revokedHome") })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(publicPage).toHaveURL(new RegExp(`/n/${shareId}$`));
      expect(await hasHorizontalOverflow(publicPage)).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

test.describe("sign-in required", () => {
  const cases = [
    { from: "/notes", to: "/login", next: "/notes", locale: "en" as const },
    { from: "/es/notes", to: "/es/login", next: "/es/notes", locale: "es" as const },
    { from: "/settings", to: "/login", next: "/settings", locale: "en" as const },
  ];
  for (const { from, to, next, locale } of cases) {
    test(`anonymous ${from} goes to ${to} with next`, async ({ page }) => {
      await page.goto(from);
      await page.waitForURL(isAt(to, `?${new URLSearchParams({ next })}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "common", "pages.Login.title"));
    });
  }
});

test.describe("error query parameter", () => {
  for (const locale of locales) {
    test(`?error=oauth_failed shows the ${locale} error alert`, async ({ page }) => {
      await page.goto(`${localizePath("/login", locale)}?error=oauth_failed`);
      await expect(page.getByRole("alert")).toContainText(text(locale, "common", "alerts.queryError.oauth_failed"));
    });
  }

  test("an unknown error code shows the generic message on a marketing page", async ({ page }) => {
    await page.goto("/transcribe/?error=something_else");
    await expect(page.getByRole("alert")).toContainText(text("en", "common", "alerts.queryError.generic"));
  });
});

test.describe("SEO links", () => {
  test("/es/transcribe/ has canonical and alternate links with trailing slashes", async ({ page, baseURL }) => {
    await page.goto("/es/transcribe/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es/transcribe/`);
    const alternates = page.locator('link[rel="alternate"]');
    const expected = { en: "/transcribe/", es: "/es/transcribe/", pt: "/pt/transcribe/", "x-default": "/transcribe/" };
    await expect(alternates).toHaveCount(Object.keys(expected).length);
    for (const [hrefLang, path] of Object.entries(expected)) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${hrefLang}"]`)).toHaveAttribute("href", `${baseURL}${path}`);
    }
  });

  test("pages on localhost (staging) ask robots not to index them", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

// Marketing pages may be React-navigated or plain server pages (decision 010); either way the links
// must lead to the right page. That guards run on client navigations is checked under "not found".
test.describe("navigation between pages", () => {
  test("footer and header links lead to the right pages", async ({ page }) => {
    await page.goto("/");
    await waitForPageReady(page);

    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: text("en", "common", "footerLinks.Transcribe") }).click();
    await page.waitForURL(isAt("/transcribe/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "marketing", "pages.transcribe.hero.title"));

    await footer.getByRole("link", { name: text("en", "common", "footerLinks.AiChat") }).click();
    await page.waitForURL(isAt("/ai-chat/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "marketing", "pages.aiChat.hero.title"));

    await footer.getByRole("link", { name: text("en", "common", "policyLinks.terms") }).click();
    await page.waitForURL(isAt("/terms.html"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "legal", "documents.terms.title"));

    await page
      .getByRole("banner")
      .getByRole("link", { name: text("en", "marketing", "nav.login") })
      .click();
    await page.waitForURL(isAt("/login"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "common", "pages.Login.title"));
    await expect(page).toHaveTitle(`${text("en", "common", "pages.Login.title")} · Parley`);
  });

  test("browser Back after following a footer link shows the previous page", async ({ page }) => {
    await page.goto("/es/integrations/");
    await waitForPageReady(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: text("es", "common", "footerLinks.MeetingSummarizer") })
      .click();
    await page.waitForURL(isAt("/es/meeting-summarizer/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "marketing", "pages.meetingSummarizer.hero.title"));
    await page.goBack();
    await page.waitForURL(isAt("/es/integrations/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "marketing", "pages.integrations.hero.title"));
  });
});
