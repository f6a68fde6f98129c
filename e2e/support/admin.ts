import { type Browser, expect, type Page } from "@playwright/test";
import { signIn, verifyMailedAddress } from "./account-setup";

/** The admin of the e2e server (playwright.config.ts gives the app ADMIN_EMAILS=admin@parley.test). */
export const adminAccount = { name: "Admin", email: "admin@parley.test", password: "admin password 1" };

/**
 * Signs the page in as the e2e server's admin, making the account the first time. Specs run on two workers
 * at once, so the other may be making it at this moment: then its sign-up is refused here, and sign-in
 * works as soon as that worker has verified the address.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/faq");
  if ((await signIn(page, adminAccount)) === 200) return;
  const origin = new URL(page.url()).origin;
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: adminAccount, headers: { Origin: origin } });
  if (signUp.ok()) {
    await verifyMailedAddress(page, adminAccount.email);
    return;
  }
  await expect.poll(() => signIn(page, adminAccount), { message: "the admin account another worker is making", timeout: 20_000 }).toBe(200);
}

/** Bans `email` through the admin API, from a separate browser context signed in as the admin. */
export async function banThroughAdminApi(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    const token = ((await (await admin.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
    const ban = await admin.request.post("/api/admin/users/ban", { data: { email, reason: "spam" }, headers: { "X-CSRF-Token": token } });
    expect(ban.status(), "the admin ban call").toBe(200);
  } finally {
    await context.close();
  }
}
