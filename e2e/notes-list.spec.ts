import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { waitForPageReady } from "./support/pages";

// The notes a user made are findable: /notes lists them newest first in cursor pages (load more appends,
// and shows only while a next page exists), statuses live; /home shows the recent five.

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
}

async function createTextNotes(page: Page, titles: string[]): Promise<void> {
  const token = await csrf(page);
  for (const title of titles) {
    const response = await page.request.post("/api/notes/text", {
      data: { title, text: `Text of ${title}.` },
      headers: { "X-CSRF-Token": token },
    });
    expect(response.status()).toBe(201);
  }
}

test("the notes list pages through 23 notes, newest first, and opens one", async ({ page }) => {
  await signUpVerified(page, newAccount("list"));
  await skipOnboarding(page);
  await createTextNotes(
    page,
    Array.from({ length: 23 }, (_, index) => `Note ${String(index + 1).padStart(2, "0")}`),
  );
  await page.goto("/notes");
  await waitForPageReady(page);
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Note 23");
  // Transcript ready at once; the AI notes of 23 fresh notes may still be being written, and the badge says
  // which (issue 17: "Notes ready" only once they are).
  await expect(rows.first().getByTestId("note-status")).toHaveText(/^(Writing notes|Notes ready)$/);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(23);
  await expect(rows.last()).toContainText("Note 01");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await rows.filter({ hasText: "Note 07" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Note 07");
});

test("a note made elsewhere appears on the open list without a reload, in Portuguese at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page, newAccount("list-live"));
  await skipOnboarding(page);
  await page.goto("/pt/notes");
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { name: "Ainda não há notas" })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { parleyMark?: boolean }).parleyMark = true;
  });
  await createTextNotes(page, ["Ata da reunião"]);
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ata da reunião");
  await expect(rows.first()).toContainText("Texto");
  expect(await page.evaluate(() => (window as unknown as { parleyMark?: boolean }).parleyMark)).toBe(true);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("home shows the five most recent notes and leads to all of them", async ({ page }) => {
  await signUpVerified(page, newAccount("recent"));
  await skipOnboarding(page);
  await createTextNotes(page, ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"]);
  await page.goto("/home");
  await waitForPageReady(page);
  const recent = page.getByRole("region", { name: "Recent notes" });
  await expect(recent.getByRole("listitem")).toHaveCount(5);
  await expect(recent.getByRole("listitem").first()).toContainText("Sixth");
  await expect(recent.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await recent.getByRole("link", { name: "All notes" }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(6);
});
