// The signed-in onboarding (OnboardingDefault) and the paywall shown once after it (interpretations 14):
// a new verified user is routed through every step, sees the paywall once, and is not routed there again.
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signIn, signUpVerified } from "./support/account-setup";
import { text } from "./support/catalog";
import { isAt, waitForPageReady } from "./support/pages";

const en = (key: string) => text("en", "account", key);

test("a new user finishes every step, sees the paywall once, and is not sent back after signing in again", async ({ page }) => {
  const account = newAccount("onboarding");
  await signUpVerified(page, account);

  await page.goto("/home");
  await page.waitForURL(isAt("/onboarding/start"));
  await waitForPageReady(page);
  const progress = page.getByRole("progressbar");

  // Step 1: what to capture; Continue waits for a choice.
  await expect(progress).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByText(text("en", "account", "onboarding.stepOf").replace("{step}", "1").replace("{total}", "4"))).toBeVisible();
  await expect(page.getByRole("heading", { name: en("onboarding.capture.title") })).toBeVisible();
  const next = page.getByRole("button", { name: en("onboarding.continue") });
  await expect(next).toBeDisabled();
  await page.getByRole("checkbox", { name: en("onboarding.capture.choices.meetings") }).check();
  await page.getByRole("checkbox", { name: en("onboarding.capture.choices.youtube") }).check();
  await next.click();

  // Step 2: languages (English stays). The answers of step 1 are kept on the account.
  await expect(page.getByRole("heading", { name: en("onboarding.language.title") })).toBeVisible();
  const saved = (await (await page.request.get("/api/user")).json()) as { payload: { preferences: { captureKinds?: string[] } } };
  expect(saved.payload.preferences.captureKinds).toEqual(["meetings", "youtube"]);
  await expect(progress).toHaveAttribute("aria-valuenow", "2");
  await expect(page.getByLabel(en("onboarding.language.interfaceLanguage"))).toHaveValue("en");
  await page.getByRole("button", { name: en("onboarding.continue") }).click();

  // Step 3: calendars connect here (e2e/calendar.spec.ts goes through the consent); this journey skips it.
  await expect(page.getByRole("heading", { name: en("onboarding.calendar.title") })).toBeVisible();
  await expect(page.getByRole("button", { name: /Connect Google Calendar/ })).toBeEnabled();
  await page.getByRole("button", { name: en("onboarding.calendar.later") }).click();

  // Step 4: done; the server sends a free user who has not seen the paywall there.
  await expect(page.getByRole("heading", { name: en("onboarding.done.title") })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "4");
  await page.getByRole("button", { name: en("onboarding.done.start") }).click();
  await page.waitForURL(isAt("/paywall"));
  await expect(page.getByRole("heading", { name: en("paywall.title") })).toBeVisible();
  await page.getByRole("button", { name: en("paywall.continueFree") }).click();
  await page.waitForURL(isAt("/home"));
  await waitForPageReady(page);

  // Neither onboarding nor the paywall comes back: not on a new load, not after signing out and in.
  await page.goto("/onboarding/start");
  await page.waitForURL(isAt("/home"));
  await waitForPageReady(page);
  await page.getByRole("button", { name: text("en", "common", "userMenu.open") }).click();
  await page.getByRole("button", { name: text("en", "common", "userMenu.signOut") }).click();
  await expect.poll(async () => (await page.request.get("/api/user")).status(), { message: "signed out" }).toBe(401);
  await page.waitForURL((url) => !url.pathname.startsWith("/home"));

  expect(await signIn(page, account)).toBe(200);
  await page.goto("/home");
  await waitForPageReady(page);
  expect(new URL(page.url()).pathname).toBe("/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "common", "pages.Home.title"));
});

test("a reload resumes at the first unfinished step, skip saves a step, and choosing Spanish switches the page", async ({ page }) => {
  await signUpVerified(page, newAccount("onboarding-resume"));
  await page.goto("/onboarding/start");
  await waitForPageReady(page);

  await page.getByRole("button", { name: en("onboarding.skip"), exact: true }).click();
  await expect(page.getByRole("heading", { name: en("onboarding.language.title") })).toBeVisible();
  await page.reload();
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { name: en("onboarding.language.title") })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");

  await page.getByLabel(en("onboarding.language.interfaceLanguage")).selectOption("es");
  await page.getByRole("button", { name: en("onboarding.continue") }).click();
  await page.waitForURL(isAt("/es/onboarding/start"));
  await expect(page.getByRole("heading", { name: text("es", "account", "onboarding.calendar.title") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // The saved language is the user's: finishing goes to the Spanish paywall.
  await page.getByRole("button", { name: text("es", "account", "onboarding.calendar.later") }).click();
  await page.getByRole("button", { name: text("es", "account", "onboarding.done.start") }).click();
  await page.waitForURL(isAt("/es/paywall"));
  await expect(page.getByRole("heading", { name: text("es", "account", "paywall.title") })).toBeVisible();
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("onboarding steps and the paywall fit a 390 px screen", async ({ page }) => {
    await signUpVerified(page, newAccount("onboarding-phone"));
    await page.goto("/onboarding/start");
    await waitForPageReady(page);
    for (const heading of ["onboarding.capture.title", "onboarding.language.title", "onboarding.calendar.title", "onboarding.done.title"]) {
      await expect(page.getByRole("heading", { name: en(heading) })).toBeVisible();
      expect(await hasHorizontalOverflow(page), `overflow on ${heading}`).toBe(false);
      if (heading !== "onboarding.done.title") await page.getByRole("button", { name: en("onboarding.skip"), exact: true }).click();
    }
    await page.getByRole("button", { name: en("onboarding.done.start") }).click();
    await page.waitForURL(isAt("/paywall"));
    await expect(page.getByRole("heading", { name: en("paywall.title") })).toBeVisible();
    expect(await hasHorizontalOverflow(page), "overflow on the paywall").toBe(false);
  });
});
