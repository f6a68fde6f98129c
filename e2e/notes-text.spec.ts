import { expect } from "@playwright/test";
import { test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 4's first slice in Chromium: pasted text becomes a note, opened at once with its transcript and
// its status; another user's note is not shown; bad input is explained, nothing is sent.
test.use({ allowedConsoleErrors: [/status of 404/] });

test("a user pastes text on Home and reads it as a note", async ({ page }) => {
  await signUpVerified(page, newAccount("paste"));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByLabel("Title (optional)").fill("Weekly sync");
  await page.getByLabel("Text", { exact: true }).fill("We agreed to ship on Friday.\n\nAna writes the release notes.");
  await page.getByRole("button", { name: "Create note" }).click();
  await openedNotePage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly sync");
  // The transcript is ready at once; the badge says "Notes ready" once the AI notes are written, and
  // "Writing notes" until then (issue 17), however long the AI notes' queue is.
  const status = page.getByTestId("note-status");
  await expect(status).toHaveAttribute("data-code", "transcription_ready");
  await expect(status).toHaveText(/^(Writing notes|Notes ready)$/);
  await expect(page.getByTestId("transcript").getByText("Ana writes the release notes.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("transcript").getByText("We agreed to ship on Friday.")).toBeVisible();
});

test("an empty paste is explained in the page's language and sends nothing", async ({ page }) => {
  await signUpVerified(page, newAccount("paste-empty"));
  await skipOnboarding(page);
  await page.goto("/es/home");
  await waitForPageReady(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/notes")) posts.push(request.url());
  });
  await page.getByRole("button", { name: "Crear nota" }).click();
  await expect(page.getByRole("alert")).toHaveText("Primero pega algún texto.");
  expect(posts).toEqual([]);
});

test("another user's note reads as not available, at phone width too", async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page, newAccount("owner"));
  await skipOnboarding(page);
  const token = ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
  const created = await page.request.post("/api/notes/text", { data: { text: "private" }, headers: { "X-CSRF-Token": token } });
  const { note } = (await created.json()) as { note: { id: string } };
  await page.goto(`/note/${note.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "private" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signUpVerified(stranger, newAccount("stranger"));
  await skipOnboarding(stranger);
  await stranger.goto(`/note/${note.id}`);
  await expect(stranger.getByRole("heading", { name: "This note isn't available" })).toBeVisible();
  await other.close();
});
