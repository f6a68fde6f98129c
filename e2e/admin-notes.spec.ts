import type { Browser, Page } from "@playwright/test";
import { youtubeStandInVideos } from "../test/stand-ins/youtube/videos";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { adminAccount, signInAsAdmin } from "./support/admin";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 20: an admin opens a user's failed note read-only, sees why it failed and queues it again; the
// notes screens are for admins only. A YouTube link whose media host cannot be reached fails at once on
// the e2e stand-ins (as in transcription-honesty.spec.ts): that is the failed note.
test.describe.configure({ timeout: 90_000 });

async function signInAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await skipOnboarding(page);
}

/** A new user whose YouTube note failed; answers the user's e-mail and the note's id. */
async function userWithFailedNote(browser: Browser): Promise<{ email: string; noteId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount("admin-notes-owner");
  await signUpVerified(page, account);
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByLabel("YouTube link").fill(`https://youtu.be/${youtubeStandInVideos.unreachableAudio}`);
  await page.getByRole("button", { name: "Get transcript" }).click();
  await openedNotePage(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_failed", { timeout: 15_000 });
  const noteId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await context.close();
  return { email: account.email, noteId };
}

test("an admin opens a user's failed note, sees the reason and retries it; in Portuguese at phone width", async ({ page, browser }) => {
  const { email, noteId } = await userWithFailedNote(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page);
  await page.goto("/admin/notes");
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "All notes" })).toBeVisible();
  await page.getByLabel("Failures first").check();
  const row = page.getByTestId("admin-note-row").filter({ hasText: email });
  await expect(row).toContainText("Transcription failed");
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/note/[^/]+/${noteId}$`));
  await waitForPageReady(page);
  // The reason the transcription stopped, as stored on the note.
  await expect(page.getByTestId("admin-note-status")).toContainText("Transcription failed (youtube_unreachable)");
  await expect(page.getByTestId("admin-note-jobs")).toContainText("transcription.run");
  await page.getByRole("button", { name: "Retry transcription" }).click();
  await expect(page.getByTestId("admin-retry-queued")).toHaveText("Queued again.");
  const notePath = new URL(page.url()).pathname;

  // The audit log shows the retry, with who did it (admin-users.spec.ts checks the ban and the unban).
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const retried = page.getByRole("listitem").filter({ hasText: email }).first();
  await expect(retried).toContainText("Retried transcription");
  await expect(retried).toContainText(`By ${adminAccount.email}`);
  await page.goto(notePath);
  await waitForPageReady(page);

  // The user's notes page, headed by their e-mail, in Portuguese at 390 px.
  await page.getByRole("link", { name: "All notes of this user" }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  const userNotesPath = new URL(page.url()).pathname;
  await page.goto(`/pt${userNotesPath}`);
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(page.getByLabel("Falhas primeiro")).toBeVisible();
  await expect(page.getByTestId("admin-note-row")).toHaveCount(1);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.goto(`/pt/admin/note${userNotesPath.replace("/admin/user", "").replace("/notes", "")}/${noteId}`);
  await expect(page.getByRole("heading", { name: "Tentativas de tarefas" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("a normal user is kept out of the admin notes pages and calls", async ({ page }) => {
  await signUpVerified(page, newAccount("admin-notes-member"));
  await skipOnboarding(page);
  expect((await page.request.get("/api/admin/notes")).status()).toBe(403);
  for (const path of ["/admin/notes", "/admin/user/someone/notes", `/admin/note/someone/${crypto.randomUUID()}`]) {
    await page.goto(path);
    await expect(page).not.toHaveURL(/\/admin\//);
  }
});
