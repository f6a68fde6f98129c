// Issue 17: the marketing pages and the onboarding claim only what Parley does today (since issue 18 that
// includes calendars: the FAQ says where they connect). The landing's pricing shows the real Pro price
// from the catalog (the Paddle stand-in) with payments on, and no Pro card on an install with payments off.
import { freePort } from "../test/support/spawn-role";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { locales, text } from "./support/catalog";
import { marketingPages, pageUrl, waitForPageReady } from "./support/pages";
import { type SecondServer, startSecondServer } from "./support/second-server";

for (const locale of locales) {
  test(`the FAQ in ${locale} says calendars connect from the calendar settings`, async ({ page }) => {
    const faq = marketingPages.find((route) => route.name === "Faq");
    if (!faq) throw new Error("no FAQ route");
    await page.goto(pageUrl(faq, locale));
    // textContent, not innerText: the answers of closed <details> count too.
    const body = (await page.locator("main").textContent()) ?? "";
    await expect(page.getByText(text(locale, "marketing", "faqPage.sections.0.items.2.q"))).toBeVisible();
    const answerText = text(locale, "marketing", "faqPage.sections.0.items.2.a");
    // Issue 18 built calendars: the answer no longer says "not yet", and names where they connect.
    expect(answerText).toMatch(
      { en: /^Yes\. .*Settings → Calendar/, es: /^Sí\. .*Configuración → Calendario/, pt: /^Sim\. .*Configurações → Agenda/ }[locale],
    );
    expect(body).toContain(answerText);
  });
}

test("the landing's Pro card shows the catalog's starting price, and each plan its real limits", async ({ page }) => {
  await page.goto("/");
  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("heading", { level: 2 })).toHaveText(text("en", "marketing", "pricing.title"));
  const pro = pricing.getByRole("article", { name: "Pro" });
  // The stand-in's catalog: $19.99 a month, $44.98 every 3 months, $69.99 a year: the year is $5.83 a month.
  await expect(pro).toContainText("From $5.83");
  await expect(pro).toContainText("per month");
  await expect(pro).toContainText("Billed $69.99 a year, before tax.");
  await expect(pro).not.toContainText("Flexible");
  // With payments on, the limits of interpretations 4 (the e2e server sets none of its own).
  await expect(pro).toContainText("6,000 transcription minutes per month");
  await expect(pro).toContainText("Unlimited uploads");
  const free = pricing.getByRole("article", { name: "Free" });
  await expect(free).toContainText("300 transcription minutes per month");
  await expect(free).toContainText("5 uploads per month");
  await expect(free).toContainText("1 meeting bot at a time");
  await expect(free).toContainText("Meeting recordings of up to 30 minutes");
});

test.describe("at phone width in Spanish", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Pro price and the limits read in Spanish and fit the screen", async ({ page }) => {
    await page.goto("/es/transcribe/");
    const pro = page.locator("#pricing").getByRole("article", { name: "Pro" });
    await expect(pro).toContainText("Desde $5.83");
    await expect(pro).toContainText("Se factura $69.99 al año, sin impuestos.");
    await expect(pro).toContainText("Subidas ilimitadas");
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test("the onboarding's calendar step and /settings/calendar offer working connect buttons, no 'coming soon'", async ({ page }) => {
  await signUpVerified(page, newAccount("honest-calendar"));
  await page.goto("/onboarding/start");
  await waitForPageReady(page);
  // Skip to step 3, one step at a time.
  for (const heading of ["onboarding.capture.title", "onboarding.language.title"]) {
    await expect(page.getByRole("heading", { name: text("en", "account", heading) })).toBeVisible();
    await page.getByRole("button", { name: text("en", "account", "onboarding.skip"), exact: true }).click();
  }
  await expect(page.getByRole("heading", { name: text("en", "account", "onboarding.calendar.title") })).toBeVisible();
  const step = page.locator("main");
  await expect(step).toContainText(text("en", "account", "onboarding.calendar.body"));
  await expect(step).not.toContainText(/coming soon|not available yet/i);
  for (const provider of ["Google Calendar", "Microsoft Outlook"]) {
    await expect(page.getByRole("button", { name: new RegExp(`Connect ${provider}`) })).toBeEnabled();
  }

  await skipOnboarding(page);
  await page.goto("/settings/calendar");
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { name: text("en", "calendar", "page.connectionsTitle") })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/coming soon|cannot connect/i);
  await expect(page.getByRole("button", { name: "Connect Google Calendar" })).toBeEnabled();
});

test.describe("an install with payments off", () => {
  // A second server, as `npm start` runs it with nothing configured: no Paddle key, no limits set.
  let server: SecondServer | null = null;
  let baseUrl = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startSecondServer({ port, origin: baseUrl, label: "nopay", env: { HOST: "127.0.0.1" } });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("the landing has no Pro card, and the free plan lists what this install allows", async ({ page }) => {
    await page.goto(`${baseUrl}/`);
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("heading", { level: 2 })).toHaveText("Free on this Parley service");
    await expect(pricing.getByRole("article")).toHaveCount(1);
    await expect(pricing.getByRole("article", { name: "Pro" })).toHaveCount(0);
    await expect(pricing).not.toContainText("Flexible");
    const free = pricing.getByRole("article", { name: "Free" });
    await expect(free).toContainText("Unlimited transcription minutes");
    await expect(free).toContainText("Unlimited uploads");
    await expect(free).not.toContainText("300");
  });

  test.describe("at phone width in Portuguese", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the free plan reads in Portuguese and fits the screen", async ({ page }) => {
      await page.goto(`${baseUrl}/pt/`);
      const pricing = page.locator("#pricing");
      await expect(pricing.getByRole("heading", { level: 2 })).toHaveText(text("pt", "marketing", "pricing.selfHosted.title"));
      await expect(pricing.getByRole("article")).toHaveCount(1);
      await expect(pricing).toContainText("Minutos de transcrição ilimitados");
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  });
});
