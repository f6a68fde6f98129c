import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { text } from "./support/catalog";
import { holdAiNotes } from "./support/chat-hold";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// A job that ends between a page's first read and the moment its live stream is listened to sends its
// event to nobody. The page must still catch up: on its stream's first connection it reads again what it
// showed as under way. Here the stream is held back on purpose until the AI notes are stored, so the
// event is certain to be missed (on a loaded machine it happened by chance, and the page said "Writing
// the AI notes…" for good).
test.describe.configure({ timeout: 120_000 });

const writing = text("en", "common", "statuses.notes.notes_in_progress");
const ready = text("en", "common", "statuses.transcription.transcription_ready");

/** Holds the page's live stream until `open` (the stream then connects as it would have). */
async function holdLiveStream(page: Page): Promise<{ open(): void }> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route("**/api/notes/events", async (route) => {
    await gate;
    await route.continue();
  });
  return { open };
}

/** Waits until the server has stored the note's AI notes (as another tab or a reload would see). */
async function notesStored(page: Page, noteId: string): Promise<void> {
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get(`/api/notes/${noteId}`)).json()), { timeout: 60_000 })
    .toContain('"notes_ready"');
}

/** A pasted note whose AI notes the chat stand-in holds; the note page is open, saying they are being written. */
async function noteWithHeldNotes(page: Page, label: string) {
  const phrase = `quince-${Math.random().toString(36).slice(2, 10)}`;
  const held = await holdAiNotes(page.request, phrase);
  await signUpVerified(page, newAccount(label));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByLabel(text("en", "notes", "home.pasteText.titleLabel")).fill("Release plan");
  await page.getByLabel(text("en", "notes", "home.pasteText.textLabel"), { exact: true }).fill(`We ship on Friday, said ${phrase}.`);
  await page.getByRole("button", { name: text("en", "notes", "home.pasteText.submit") }).click();
  const noteId = await openedNotePage(page, 30_000);
  await expect(page.getByTestId("note-status")).toHaveText(writing, { timeout: 30_000 });
  return { phrase, noteId, release: held.release };
}

test("a note page opened while its AI notes are written shows them, though they finished before its live stream listened", async ({
  page,
}) => {
  const { phrase, noteId, release } = await noteWithHeldNotes(page, "catch-up-note");
  try {
    const stream = await holdLiveStream(page);
    await page.reload();
    await waitForPageReady(page);
    await expect(page.getByTestId("note-status")).toHaveText(writing);
    await release();
    await notesStored(page, noteId);
    stream.open();
    await expect(page.getByTestId("ai-notes")).toContainText(phrase);
    await expect(page.getByTestId("note-status")).toHaveText(ready);
  } finally {
    await release();
  }
});

test("the notes list opened while a note's AI notes are written turns it to 'Notes ready', though they finished before its live stream listened", async ({
  page,
}) => {
  const { noteId, release } = await noteWithHeldNotes(page, "catch-up-list");
  try {
    const stream = await holdLiveStream(page);
    await page.goto("/notes");
    await waitForPageReady(page);
    const row = page.getByRole("list", { name: "Notes" }).getByRole("listitem").filter({ hasText: "Release plan" });
    await expect(row.getByTestId("note-status")).toHaveText(writing);
    await release();
    await notesStored(page, noteId);
    stream.open();
    await expect(row.getByTestId("note-status")).toHaveText(ready);
  } finally {
    await release();
  }
});
