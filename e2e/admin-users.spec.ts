import { expect, type Page, test } from "@playwright/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { adminAccount, signInAsAdmin } from "./support/admin";

// Issue 20, admin users: find a user, ban them (their next page lands on /sso?banned=true), unban them, and
// the audit log shows both; members are kept out; the list is usable at phone width in Portuguese.
async function signInAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await skipOnboarding(page);
}

test("an admin finds a user, bans and unbans them, and the audit log shows both", async ({ page, browser }) => {
  const member = newAccount("banme");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUpVerified(memberPage, member);
  await skipOnboarding(memberPage);
  await memberPage.goto("/home");
  await expect(memberPage).toHaveURL(/\/home$/);

  await signInAdmin(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by e-mail or name" }).fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("listitem").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: "Ban" }).click();
  const dialog = page.getByRole("dialog", { name: `Ban ${member.email}` });
  await dialog.getByLabel("Reason (required)").fill("Spamming other users");
  await dialog.getByRole("button", { name: "Ban user" }).click();
  await expect(row.getByRole("status")).toHaveText(`${member.email} is banned.`);
  await expect(row).toContainText("Spamming other users");

  await memberPage.goto("/notes");
  await expect(memberPage).toHaveURL(/\/sso\?banned=true$/);

  await row.getByRole("button", { name: "Unban" }).click();
  await expect(row.getByRole("status")).toHaveText(`${member.email} is no longer banned.`);
  await expect(row).toContainText("Active");
  await memberContext.close();

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entries = page.getByRole("listitem").filter({ hasText: member.email });
  await expect(entries.nth(0)).toContainText(`Unbanned: ${member.email}`);
  await expect(entries.nth(1)).toContainText(`Banned: ${member.email}`);
  await expect(entries.nth(1)).toContainText("Reason: Spamming other users");
  await expect(entries.nth(1)).toContainText(`By ${adminAccount.email}`);
});

test("the admin users list is usable at phone width in Portuguese", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page);
  await page.goto("/pt/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar por e-mail ou nome" }).fill(adminAccount.email);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByRole("listitem").filter({ hasText: adminAccount.email });
  await expect(row.getByRole("button", { name: "Banir" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Remover admin" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("a member is kept out of the admin users and audit pages and calls", async ({ page }) => {
  await signUpVerified(page, newAccount("member-admin-users"));
  await skipOnboarding(page);
  for (const path of ["/admin/users", "/admin/audit"]) {
    await page.goto(path);
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
  }
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  expect((await page.request.get("/api/admin/audit")).status()).toBe(403);
});
