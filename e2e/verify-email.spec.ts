import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, mailedLink, newAccount, signIn, type TestAccount } from "./support/account-setup";
import { text } from "./support/catalog";
import { isAt, waitForPageReady } from "./support/pages";

// /verify (issue 17): "I have confirmed it" asks the server instead of reloading. Not confirmed yet, it says
// so with what to do next; confirmed, it moves the user on.

/** Signs up and in through the API (as the sign-up page does) without following the mailed link. */
async function signUpUnverified(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/faq");
  const answer = await page.request.post("/api/auth/sign-up/email", { data: account, headers: { Origin: new URL(page.url()).origin } });
  expect(answer.ok(), `sign-up answered ${answer.status()}`).toBe(true);
  expect(await signIn(page, account)).toBe(200);
}

test("'I have confirmed it' says the address is not confirmed yet, then moves on once it is", async ({ page }) => {
  const account = newAccount("verify-check");
  await signUpUnverified(page, account);
  await page.goto("/verify");
  await waitForPageReady(page);
  const confirmed = page.getByRole("button", { name: text("en", "auth", "verify.done") });
  await confirmed.click();
  await expect(page.getByRole("alert")).toHaveText(
    `${account.email} is not confirmed yet. Open the link in the e-mail we sent you (look in your spam folder too), or send the link again.`,
  );
  expect(page.url()).toMatch(/\/verify$/);

  // The link opened elsewhere (another device or tab): the same button now goes on.
  const link = await mailedLink(page, account.email, "verifyEmail");
  const verified = await page.request.get(`/api/auth/verify-email?token=${link.searchParams.get("oobCode")}`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(verified.ok()).toBe(true);
  await confirmed.click();
  await page.waitForURL(isAt("/onboarding/start"));
});

test("in Spanish at phone width the not-yet-confirmed answer is Spanish and fits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = newAccount("verify-check-es");
  await signUpUnverified(page, account);
  await page.goto("/es/verify");
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Ya lo confirmé" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `${account.email} aún no está confirmado. Abre el enlace del correo que te enviamos (mira también en la carpeta de spam) o envía el enlace de nuevo.`,
  );
  await expect(page.getByRole("button", { name: "Enviar el enlace de nuevo" })).toBeInViewport();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  expect(page.url()).toMatch(/\/es\/verify$/);
});
