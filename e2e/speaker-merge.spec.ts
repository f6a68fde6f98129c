import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { waitForPageReady } from "./support/pages";

// Issue 19 in Chromium at phone width: a transcript labelled Speaker 1/2/3 (as the diarizer leaves it, one
// person heard as two) is tidied by the owner: Speaker 3 merged into Speaker 1 with "Merge", then the
// merged speaker renamed once for the whole note. A second pass in Portuguese.
test.describe.configure({ timeout: 120_000 });

async function api(page: Page, method: "POST" | "PATCH", path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await page.request.fetch(`/api${path}`, { method, data, headers: { "X-CSRF-Token": csrfToken } });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A pasted-text note whose lines carry the speakers a diarizer would give them. */
async function labelledNote(page: Page, speakers: string[]): Promise<string> {
  const text = speakers.map((_, index) => `Line number ${index + 1} of the roadmap review.`).join("\n\n");
  const created = await api(page, "POST", "/notes/text", { text, title: "Roadmap review" });
  const id = (created.note as { id: string }).id;
  for (const [position, speaker] of speakers.entries()) await api(page, "PATCH", `/notes/${id}/transcript/${position}`, { speaker });
  return id;
}

const chips = (page: Page) => page.getByTestId("speakers").getByTestId("speaker-name");

test("the owner merges a speaker into another and renames the merged one, at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page, newAccount("speaker-merge"));
  await skipOnboarding(page);
  const id = await labelledNote(page, ["Speaker 1", "Speaker 2", "Speaker 3", "Speaker 2"]);
  await page.goto(`/note/${id}`);
  await waitForPageReady(page);
  const rows = page.getByTestId("transcript").locator("li");
  await expect(rows.nth(2)).toContainText("Speaker 3");
  await expect(chips(page)).toHaveText(["Speaker 1", "Speaker 2", "Speaker 3"]);

  await page.getByRole("button", { name: "Merge speaker Speaker 3 into another" }).click();
  const into = page.getByLabel("Merge Speaker 3 into");
  await expect(into.locator("option")).toHaveText(["Speaker 1", "Speaker 2"]);
  await into.selectOption("Speaker 1");
  await expect(page.getByText("Every line of Speaker 3 becomes Speaker 1's.")).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(chips(page)).toHaveText(["Speaker 1", "Speaker 2"]);
  await expect(rows.nth(2)).toContainText("Speaker 1");

  // One rename now names both of the merged speaker's lines.
  await page.getByRole("button", { name: "Rename speaker Speaker 1" }).click();
  await page.getByLabel("New name for Speaker 1").fill("Joana Prado");
  await page.getByRole("button", { name: "Rename everywhere" }).click();
  await expect(rows.nth(0)).toContainText("Joana Prado");
  await expect(rows.nth(2)).toContainText("Joana Prado");
  await page.reload();
  await expect(chips(page)).toHaveText(["Joana Prado", "Speaker 2"]);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("merging speaks Portuguese, and a note with one speaker offers no merge", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page, newAccount("speaker-merge-pt"));
  await skipOnboarding(page);
  const id = await labelledNote(page, ["Falante 1", "Falante 2"]);
  await page.goto(`/pt/note/${id}`);
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Juntar o falante Falante 2 a outro" }).click();
  await expect(page.getByLabel("Juntar Falante 2 a")).toHaveValue("Falante 1");
  await page.getByRole("button", { name: "Juntar", exact: true }).click();
  await expect(chips(page)).toHaveText(["Falante 1"]);
  await expect(page.getByRole("button", { name: /^Juntar o falante/ })).toHaveCount(0);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});
