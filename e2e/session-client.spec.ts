import { expect } from "@playwright/test";
import { test } from "./fixtures/test";
import { newAccount, setUser, signUpVerified, skipOnboarding } from "./support/account-setup";
import { banThroughAdminApi } from "./support/admin";
import { waitForPageReady } from "./support/pages";

// The web API client's side of spec section 8 in Chromium: a 401 during use signs out to /login with
// next; user_banned signs out to /sso?banned=true; signing in applies the user's saved language.
test.use({ allowedConsoleErrors: [/status of 40[13]/] });

async function openProfile(page: import("@playwright/test").Page) {
  const account = newAccount("client");
  await signUpVerified(page, account);
  await skipOnboarding(page);
  // The shell's own start-up calls (the plan for the menu, the live stream) must be done before the
  // session ends, or they, not the edit, would be "the next call".
  const started = Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/user/plan")),
    page.waitForResponse((response) => response.url().endsWith("/api/notes/events")),
  ]);
  await page.goto("/settings/profile");
  await waitForPageReady(page);
  await started;
  return account;
}

test("a session that ends while the page is open sends the next call to /login with next", async ({ page }) => {
  await openProfile(page);
  await page.context().clearCookies({ name: "parley.session_token" });
  await page.getByLabel("Your name").fill("Late Edit");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fprofile$/);
});

test("a user banned while the page is open is signed out to /sso?banned=true on the next call", async ({ page, browser }) => {
  const account = await openProfile(page);
  await banThroughAdminApi(browser, account.email);
  await page.getByLabel("Your name").fill("Banned Edit");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page).toHaveURL(/\/sso\?banned=true$/);
  await expect(page.getByRole("heading", { name: "Account suspended" })).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
});

test("signing in applies the language the user chose", async ({ page }) => {
  const account = newAccount("language");
  await signUpVerified(page, account);
  await skipOnboarding(page);
  await setUser(page, { settings: { language: "pt" } });
  await page.context().clearCookies();
  await page.goto("/email-login");
  await waitForPageReady(page);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/pt\/home$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});
