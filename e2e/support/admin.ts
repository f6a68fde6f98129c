import { type Browser, expect } from "@playwright/test";
import { signIn, signUpVerified } from "./account-setup";

/** The admin of the e2e server (playwright.config.ts gives the app ADMIN_EMAILS=admin@parley.test). */
const adminAccount = { name: "Admin", email: "admin@parley.test", password: "admin password 1" };

/** Bans `email` through the admin API, from a separate browser context signed in as the admin. */
export async function banThroughAdminApi(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await admin.goto("/faq");
    if ((await signIn(admin, adminAccount)) !== 200) await signUpVerified(admin, adminAccount);
    const token = ((await (await admin.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
    const ban = await admin.request.post("/api/admin/users/ban", { data: { email, reason: "spam" }, headers: { "X-CSRF-Token": token } });
    expect(ban.status(), "the admin ban call").toBe(200);
  } finally {
    await context.close();
  }
}
