import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { text } from "./support/catalog";
import { waitForPageReady } from "./support/pages";

// Issue 17's smaller stumbles: the meeting-link error said twice, a search box with two clear buttons,
// a renamed speaker that search could not find, and date pickers whose icons vanished in dark mode.

async function signedIn(page: Page, label: string): Promise<void> {
  await signUpVerified(page, newAccount(label));
  await skipOnboarding(page);
}

async function api(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<unknown> {
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await page.request.fetch(`/api${path}`, { method, data, headers: { "X-CSRF-Token": csrfToken } });
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  return response.json();
}

async function createTextNote(page: Page, title: string, body: string): Promise<string> {
  return ((await api(page, "POST", "/notes/text", { title, text: body })) as { note: { id: string } }).note.id;
}

/**
 * The strongest contrast (WCAG ratio) between any pixel of a PNG's region and the region's commonest
 * colour (its background). Decoded in a blank page of its own: no app, no CSP.
 */
async function strongestContrast(browser: Browser, png: Buffer, region: { x: number; width: number }): Promise<number> {
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(
      async ({ base64, x, width }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        context.drawImage(image, 0, 0);
        // Skip the border rows and columns: the field's own outline is not the icon.
        const pixels = context.getImageData(x, 3, width, image.height - 6).data;
        const luminance = (r: number, g: number, b: number) => {
          const channel = (value: number) => {
            const c = value / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        const counts = new Map<number, number>();
        const values: number[] = [];
        for (let index = 0; index < pixels.length; index += 4) {
          const value = luminance(pixels[index] ?? 0, pixels[index + 1] ?? 0, pixels[index + 2] ?? 0);
          values.push(value);
          const key = Math.round(value * 1000);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const background = ([...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0) / 1000;
        const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        return Math.max(...values.map((value) => ratio(value, background)));
      },
      { base64: png.toString("base64"), x: region.x, width: region.width },
    );
  } finally {
    await blank.close();
  }
}

test("a link that is not a meeting's is explained once, under the field; an empty one asks for a link", async ({ page }) => {
  await signedIn(page, "meeting-link");
  await page.goto("/home");
  await waitForPageReady(page);
  const form = page.getByRole("form", { name: "Send a notetaker to a meeting" });
  await form.getByRole("button", { name: "Send notetaker" }).click();
  await expect(form.getByText("Paste the meeting's Zoom, Google Meet or Teams link first.")).toHaveCount(1);
  await expect(form.getByLabel("Meeting link")).toBeFocused();
  await form.getByLabel("Meeting link").fill("https://example.com/weekly-sync");
  await form.getByRole("button", { name: "Send notetaker" }).click();
  await expect(form.getByText("This is not a Zoom, Google Meet or Teams link")).toHaveCount(1);
  await expect(form.getByText("Paste the meeting's Zoom, Google Meet or Teams link first.")).toHaveCount(0);
  await expect(form.getByLabel("Meeting link")).toHaveAttribute("aria-invalid", "true");
});

test("in Spanish at phone width, the notetaker card says it once too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, "meeting-link-es");
  await page.goto("/es/home");
  await waitForPageReady(page);
  const form = page.getByRole("form", { name: text("es", "meetings", "send.title") });
  await form.getByLabel(text("es", "meetings", "send.urlLabel")).fill("https://ejemplo.com/reunion");
  await form.getByRole("button", { name: text("es", "meetings", "send.submit") }).click();
  await expect(form.getByText(text("es", "meetings", "send.notRecognized"))).toHaveCount(1);
  await form.getByLabel(text("es", "meetings", "send.urlLabel")).fill("");
  await form.getByRole("button", { name: text("es", "meetings", "send.submit") }).click();
  await expect(form.getByText(text("es", "meetings", "send.required"))).toHaveCount(1);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("the notes search box has one clear button", async ({ page }) => {
  await signedIn(page, "search-clear");
  await createTextNote(page, "Budget review", "The budget grows next year.");
  await page.goto("/notes");
  await waitForPageReady(page);
  const search = page.getByRole("searchbox", { name: "Search notes" });
  await search.fill("budget");
  const ours = page.getByRole("button", { name: "Clear search" });
  await expect(ours).toBeVisible();
  // The browser's own clear button sits left of ours in a search field: a click anywhere there must not clear.
  const field = await search.boundingBox();
  const button = await ours.boundingBox();
  if (!field || !button) throw new Error("the search field is not on screen");
  for (let x = button.x - 2; x > button.x - 60; x -= 3) {
    await search.fill("budget");
    await page.mouse.click(x, field.y + field.height / 2);
    await expect(search, `a click ${Math.round(button.x - x)} px left of our clear button`).toHaveValue("budget");
  }
  await ours.click();
  await expect(search).toHaveValue("");
});

test("a speaker renamed on the note page is found by the new name", async ({ page }) => {
  await signedIn(page, "speaker-search");
  const noteId = await createTextNote(page, "Weekly sync", "Shall we start with the roadmap?");
  await createTextNote(page, "Shopping list", "Apples and pears.");
  await api(page, "PATCH", `/notes/${noteId}/transcript/0`, { speaker: "Speaker 1" });
  // The AI notes are written before the rename, so only the transcript's speaker can carry the new name.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/notes/${noteId}/ai-notes`)).json()) as { aiNotes: unknown }).aiNotes, {
      timeout: 30_000,
    })
    .not.toBeNull();
  await page.goto(`/note/${noteId}`);
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Rename speaker Speaker 1" }).click();
  await page.getByLabel("New name for Speaker 1").fill("Marisol Quintero");
  await page.getByRole("button", { name: "Rename everywhere" }).click();
  await expect(page.getByTestId("transcript").getByText("Marisol Quintero")).toBeVisible();

  await page.goto("/notes");
  await waitForPageReady(page);
  const notes = page.getByRole("list", { name: "Notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search notes" }).fill("Marisol");
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText("Weekly sync");
});

test("the date pickers' calendar icons stand out in dark mode", async ({ page, browser }) => {
  await signedIn(page, "dark-dates");
  await page.context().addCookies([{ name: "theme", value: "dark", url: new URL(page.url()).origin }]);
  await page.goto("/notes");
  await waitForPageReady(page);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  for (const label of ["From", "To"]) {
    const field = page.getByLabel(label, { exact: true });
    const box = await field.boundingBox();
    if (!box) throw new Error(`the ${label} field is not on screen`);
    const png = await field.screenshot();
    // The calendar icon is at the field's right end, past the date text.
    const scale = (await page.evaluate(() => window.devicePixelRatio)) || 1;
    const contrast = await strongestContrast(browser, png, { x: Math.round((box.width - 28) * scale), width: Math.round(22 * scale) });
    // WCAG 1.4.11: a control's graphics need 3:1 against what is behind them.
    expect(contrast, `${label}'s calendar icon against the field`).toBeGreaterThanOrEqual(3);
  }
});
