import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { text } from "./support/catalog";
import { waitForPageReady } from "./support/pages";

// Issue 5, folders and the notes list: folders are made, filled and deleted (their notes stay); the list
// filters by folder and searches note text, all linkable; /folder/{id} lists one folder; and the notes
// page is kept alive: back on it, its items, cursor and scroll come back without a loading state.

async function api(page: Page, method: "POST" | "PUT", path: string, data: unknown): Promise<unknown> {
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await page.request.fetch(`/api${path}`, { method, data, headers: { "X-CSRF-Token": csrfToken } });
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  return response.json();
}

async function createTextNote(page: Page, title: string, body: string): Promise<string> {
  const answer = (await api(page, "POST", "/notes/text", { title, text: body })) as { note: { id: string } };
  return answer.note.id;
}

/** Records whether the list's loading spinner ever shows inside <main> from now on. */
async function watchForSpinner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const flag = window as unknown as { sawSpinner: boolean };
    flag.sawSpinner = false;
    new MutationObserver(() => {
      if (document.querySelector("main [role=status][data-size]")) flag.sawSpinner = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test("folders group notes; the list filters by folder and searches note text; /folder/{id} lists one folder", async ({ page }) => {
  await signUpVerified(page, newAccount("folders"));
  await skipOnboarding(page);
  await createTextNote(page, "Roadmap sync", "We planned the quarterly roadmap.");
  await createTextNote(page, "Hiring chat", "Candidates for the designer role, over a zucchini lunch.");
  await createTextNote(page, "Budget review", "The marketing budget grows next year.");
  await page.goto("/notes");
  await waitForPageReady(page);
  const notes = page.getByRole("list", { name: "Notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(3);
  await expect(notes.getByRole("listitem").first().getByRole("img", { name: "Text" })).toBeVisible();

  // A folder made in the panel, then a note moved into it from its row.
  await page.getByPlaceholder("New folder name").fill("Planning");
  await page.getByRole("button", { name: "Create folder" }).click();
  const folders = page.getByRole("list", { name: "Folders" });
  await expect(folders.getByRole("link", { name: /Planning/ })).toContainText("0 notes");
  await notes.getByRole("combobox", { name: "Folder of “Roadmap sync”" }).selectOption({ label: "Planning" });
  await expect(folders.getByRole("link", { name: /Planning/ })).toContainText("1 note");
  // "New folder…" in a row's menu makes the folder and moves the note there in one go.
  await notes.getByRole("combobox", { name: "Folder of “Budget review”" }).selectOption({ label: "New folder…" });
  await notes.getByRole("textbox", { name: "New folder name" }).fill("Finance");
  await notes.getByRole("button", { name: "Create and move" }).click();
  await expect(folders.getByRole("link", { name: /Finance/ })).toContainText("1 note");
  await expect(notes.getByRole("combobox", { name: "Folder of “Budget review”" })).toHaveValue(/[0-9a-f-]{36}/);

  // Filter by folder: the address carries it, so the filtered list is a link.
  await page.getByRole("region", { name: "Filter notes" }).getByRole("combobox", { name: "Folder" }).selectOption({ label: "Planning" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText("Roadmap sync");
  await expect(page).toHaveURL(/[?&]folder=[0-9a-f-]{36}/);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(notes.getByRole("listitem")).toHaveCount(3);

  // Search a word that is only in one note's text, typed part way (prefix match).
  await page.getByRole("searchbox", { name: "Search notes" }).fill("zucch");
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText("Hiring chat");
  await expect(page).toHaveURL(/[?&]q=zucch/);
  await page.reload();
  await waitForPageReady(page);
  await expect(page.getByRole("searchbox", { name: "Search notes" })).toHaveValue("zucch");
  await expect(page.getByRole("list", { name: "Notes" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search notes" }).fill("pineapple");
  await expect(page.getByRole("heading", { name: "No notes match" })).toBeVisible();

  // The folder's own page.
  await page
    .getByRole("list", { name: "Folders" })
    .getByRole("link", { name: /Planning/ })
    .click();
  await expect(page).toHaveURL(/\/folder\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planning");
  await expect(page.getByRole("list", { name: "Notes" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("Roadmap sync");
});

test.describe("another user's folder", () => {
  // The browser logs the folder look-up's 404 as a console error; the page shows it as not found.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("reads as not found", async ({ page }) => {
    await signUpVerified(page, newAccount("folders-other"));
    await skipOnboarding(page);
    const answer = (await api(page, "POST", "/folders", { name: "Mine" })) as { folder: { id: string } };
    await page.context().clearCookies();
    await signUpVerified(page, newAccount("folders-intruder"));
    await skipOnboarding(page);
    await page.goto(`/folder/${answer.folder.id}`);
    await waitForPageReady(page);
    await expect(page.getByRole("heading", { name: "Folder not found" })).toBeVisible();
    await expect(page.getByText("Mine")).toHaveCount(0);
  });
});

test.describe("at phone width in Spanish", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("back on /notes the list, its cursor and scroll come back at once; folders are deleted and their notes kept", async ({ page }) => {
    await signUpVerified(page, newAccount("keep-alive"));
    await skipOnboarding(page);
    for (let index = 1; index <= 24; index++) {
      await createTextNote(page, `Nota ${String(index).padStart(2, "0")}`, `Texto de la nota ${index}.`);
    }
    const lastId = await createTextNote(page, "Acta del presupuesto", "Revisamos el presupuesto de marketing.");
    const { folder } = (await api(page, "POST", "/folders", { name: "Proyectos" })) as { folder: { id: string } };
    await api(page, "PUT", `/notes/${lastId}/folder`, { folderId: folder.id });

    await page.goto("/es/notes");
    await waitForPageReady(page);
    const notes = page.getByRole("list", { name: "Notas" });
    await expect(notes.getByRole("listitem")).toHaveCount(20);
    await page.getByRole("button", { name: "Cargar más" }).click();
    await expect(notes.getByRole("listitem")).toHaveCount(25);
    await expect(page.getByRole("button", { name: "Cargar más" })).toHaveCount(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // Scroll down to an old note, open it, and come back through the menu (a fresh navigation, not "back").
    const row = notes.getByRole("listitem").filter({ hasText: "Nota 03" });
    await row.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(500);
    await row.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nota 03");
    await watchForSpinner(page);
    await page.getByRole("button", { name: text("es", "common", "ui.menu"), exact: true }).click();
    await page.getByRole("link", { name: text("es", "common", "nav.notes") }).click();
    await expect(page).toHaveURL(/\/es\/notes$/);
    await expect(notes.getByRole("listitem")).toHaveCount(25);
    await expect(page.getByRole("button", { name: "Cargar más" })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 50);
    expect(await page.evaluate(() => (window as unknown as { sawSpinner: boolean }).sawSpinner)).toBe(false);

    // The folders panel starts folded on a phone; deleting a folder says its notes are kept.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("summary", { hasText: "Carpetas" }).click();
    const folders = page.getByRole("list", { name: "Carpetas" });
    await expect(folders.getByRole("link", { name: /Proyectos/ })).toContainText("1 nota");
    await folders.getByRole("button", { name: "Eliminar «Proyectos»" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Eliminar la carpeta «Proyectos»?" });
    await expect(dialog).toContainText("su 1 nota se conserva y queda sin carpeta");
    await dialog.getByRole("button", { name: "Eliminar carpeta" }).click();
    await expect(folders).toHaveCount(0);
    await expect(page.getByText("Aún no hay carpetas.", { exact: false })).toBeVisible();

    // The note is still there, in no folder, and found by a word of its text.
    await page.getByRole("searchbox", { name: "Buscar notas" }).fill("presupuesto");
    await expect(notes.getByRole("listitem")).toHaveCount(1);
    await expect(notes.getByRole("combobox", { name: "Carpeta de «Acta del presupuesto»" })).toHaveValue("");
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
