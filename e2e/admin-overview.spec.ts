import { expect, type Page, test } from "@playwright/test";
import type { AdminOverviewResponse } from "../src/shared/admin/admin-overview-api";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { banThroughAdminApi, signInAsAdmin } from "./support/admin";

// Issue 20, the admin overview: the charts render with data the test seeds (a new member and their pasted
// note), their accessible summaries say the figures the API answers, the page fits a phone, and members are
// kept out. Also the audit log's per-user filter (a user row's "Audit" link and the e-mail filter).
async function signInAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await skipOnboarding(page);
}

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
}

test("the overview charts render with seeded data and say the API's figures, also at phone width", async ({ page, browser }) => {
  // Seed: a member signs up today and pastes a text note.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpVerified(member, newAccount("overview-member"));
  await skipOnboarding(member);
  const created = await member.request.post("/api/notes/text", {
    data: { title: "Overview seed", text: "A short pasted text for the admin overview." },
    headers: { "X-CSRF-Token": await csrf(member) },
  });
  expect(created.status(), "POST /api/notes/text").toBe(201);
  await memberContext.close();

  await signInAdmin(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The overview is the first admin link of the navigation.
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Admin: overview" })).toBeVisible();

  const signUps = page.getByRole("figure", { name: "Sign-ups per day" });
  const notes = page.getByRole("figure", { name: "Notes per day by type" });
  for (const figure of [signUps, notes]) await expect(figure.locator("svg.recharts-surface").first()).toBeVisible();
  // Pasted text meters no minutes: the minutes chart draws only when other journeys transcribed something.
  const minutes = page.getByRole("figure", { name: "Transcription minutes per day" });
  const first = (await (await page.request.get("/api/admin/overview")).json()) as AdminOverviewResponse;
  if (first.days.every((day) => day.transcriptionMinutes === 0)) await expect(minutes).toContainText("Nothing in the last 30 days.");
  else await expect(minutes.locator("svg.recharts-surface")).toBeVisible();
  // Drawn by recharts: bars for the days that had sign-ups and notes.
  await expect(signUps.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await expect(notes.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await expect(notes.locator(".recharts-legend-item-text", { hasText: "Text" })).toBeVisible();

  // The summaries and the table say what the API answers (other journeys sign up in parallel: read both
  // until they agree).
  await expect(async () => {
    await page.reload();
    const overview = (await (await page.request.get("/api/admin/overview")).json()) as AdminOverviewResponse;
    const today = overview.days.at(-1);
    const total = overview.days.reduce((sum, day) => sum + day.signUps, 0);
    expect(today?.notes.text).toBeGreaterThanOrEqual(1);
    await expect(signUps.locator("figcaption")).toHaveText(
      `${total} ${total === 1 ? "sign-up" : "sign-ups"} in 30 days, ${today?.signUps} today.`,
      { timeout: 3_000 },
    );
    await notes.getByText("Show the numbers").click();
    const todayLabel = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${today?.day}T00:00:00Z`),
    );
    const row = notes.getByRole("row", { name: new RegExp(`^${todayLabel}\\b`) });
    // Columns: day, then meeting, recording, file, document, text, youtube.
    await expect(row.getByRole("cell").nth(4)).toHaveText(String(today?.notes.text), { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/pt/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Cadastros por dia" }).locator("svg.recharts-surface")).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("a member is kept out of the overview page and its call", async ({ page }) => {
  await signUpVerified(page, newAccount("member-overview"));
  await skipOnboarding(page);
  await page.goto("/admin");
  await expect(page).not.toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/overview")).status()).toBe(403);
});

test("the audit log filters by user: a user row's Audit link and the e-mail filter", async ({ page, browser }) => {
  const first = newAccount("audit-first");
  const second = newAccount("audit-second");
  for (const account of [first, second]) {
    const context = await browser.newContext();
    await signUpVerified(await context.newPage(), account);
    await context.close();
    await banThroughAdminApi(browser, account.email);
  }

  await signInAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "Search by e-mail or name" }).fill(first.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Audit log of ${first.email}` }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?userId=/);
  await expect(page.getByText(`Actions about ${first.email}.`)).toBeVisible();
  const entries = page.getByRole("main").getByRole("listitem");
  await expect(entries.filter({ hasText: `Banned: ${first.email}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: second.email })).toHaveCount(0);

  await page.getByLabel("User e-mail").fill(second.email.toUpperCase());
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?email=/);
  await expect(entries.filter({ hasText: `Banned: ${second.email}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: first.email })).toHaveCount(0);

  await page.getByRole("link", { name: "Show all actions" }).click();
  await expect(entries.filter({ hasText: first.email })).toHaveCount(1);
  await expect(entries.filter({ hasText: second.email })).toHaveCount(1);
});
