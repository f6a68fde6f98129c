import { expect, type Page } from "@playwright/test";

/**
 * Waits until a note's page is on screen, not only in the address bar: React Router commits the new
 * address first and, while the page's code loads in a transition, keeps showing the previous page (the
 * home list with its own status chips) for a moment. Returns the note's id.
 */
export async function openedNotePage(page: Page, timeout = 30_000): Promise<string> {
  await expect(page).toHaveURL(/\/note\/[0-9a-f-]{36}$/, { timeout });
  await expect(page.getByTestId("note-page")).toBeVisible({ timeout });
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}
