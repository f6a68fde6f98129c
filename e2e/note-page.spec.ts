import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { joinClips } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 5, the note page in Chromium: an uploaded meeting plays in sync with its transcript (click to
// seek, the highlight follows playback, speeds), the owner corrects the transcript, names speakers,
// renames the note, shares it (read signed out, without edit controls), turns the link off (404) and
// deletes the note after a confirm dialog. Demo notes open signed out. One pass in Spanish at phone width.
test.describe.configure({ timeout: 180_000 });

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
}

/** The player's state, read from the media element itself. */
async function media(page: Page): Promise<{ currentTime: number; paused: boolean; playbackRate: number }> {
  return page.locator("audio").evaluate((element: HTMLMediaElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    playbackRate: element.playbackRate,
  }));
}

/** The position of the highlighted transcript segment, or -1. */
async function highlighted(transcript: Locator): Promise<number> {
  const current = transcript.locator('li[aria-current="true"]');
  return (await current.count()) === 0 ? -1 : Number(await current.getAttribute("data-position"));
}

test("an uploaded meeting plays in sync with its transcript; the owner edits, shares, revokes and deletes it", async ({
  page,
  browser,
}) => {
  // Two clips back to back (about 31 s): enough speech for several transcript segments.
  const clip = joinClips(["c7", "c6"], path.join(mkdtempSync(path.join(tmpdir(), "parley-note-page-")), "weekly-sync.wav"));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpVerified(page, newAccount("note-page"));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  const card = page.getByRole("region", { name: "Upload audio or video" });
  await card.getByLabel("Spoken language").selectOption("en");
  await card.getByLabel("Choose a file").setInputFiles(clip);
  await openedNotePage(page, 60_000);
  const noteUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 120_000 });

  const transcript = page.getByTestId("transcript");
  const rows = transcript.getByRole("listitem");
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.locator("audio")).toHaveCount(1);

  // A click on a segment's time seeks there (and plays from there).
  const second = rows.nth(1);
  const seekButton = second.getByRole("button", { name: /^Play from / });
  const label = (await seekButton.getAttribute("aria-label")) ?? "";
  const [minutes = "0", seconds = "0"] = label.replace("Play from ", "").split(":");
  const start = Number(minutes) * 60 + Number(seconds);
  await seekButton.click();
  await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThanOrEqual(start);
  expect((await media(page)).currentTime).toBeLessThan(start + 5);
  await expect(second).toHaveAttribute("aria-current", "true");

  // Playing on, the highlight follows the player to the next segments.
  const playingFrom = await highlighted(transcript);
  await expect.poll(() => highlighted(transcript), { timeout: 30_000 }).toBeGreaterThan(playingFrom);
  await page.getByLabel("Playback speed").selectOption("1.5");
  expect((await media(page)).playbackRate).toBe(1.5);
  await page.locator("audio").evaluate((element: HTMLMediaElement) => element.pause());
  // Scrubbing back to the start moves the highlight back to the first segment.
  await page.locator("audio").evaluate((element: HTMLMediaElement) => {
    element.currentTime = 0;
  });
  await expect.poll(() => highlighted(transcript)).toBe(0);

  // Correct the first segment and name its speaker, then rename that speaker everywhere.
  await rows.first().getByRole("button", { name: "Edit the segment at 0:00" }).click();
  await rows.first().getByLabel("Text").fill("Good morning everyone, welcome to the weekly product sync.");
  await rows.first().getByLabel("Speaker (optional)").fill("Speaker 1");
  await rows.first().getByRole("button", { name: "Save" }).click();
  await expect(rows.first()).toContainText("Good morning everyone, welcome to the weekly product sync.");
  await expect(rows.first()).toContainText("Speaker 1");
  await page.getByRole("button", { name: "Rename speaker Speaker 1" }).click();
  await page.getByLabel("New name for Speaker 1").fill("Maya Chen");
  await page.getByRole("button", { name: "Rename everywhere" }).click();
  await expect(rows.first()).toContainText("Maya Chen");

  // Rename the note.
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await page.getByLabel("Title", { exact: true }).fill("Weekly product sync");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly product sync");

  // A reload keeps every edit; `?t=` starts the player at that second.
  await page.goto(`${noteUrl}?t=12`);
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly product sync");
  await expect(page.getByTestId("transcript").getByRole("listitem").first()).toContainText("Maya Chen");
  await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThanOrEqual(12);

  // Share: the link opens signed out, in public mode.
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this note" });
  await dialog.getByRole("button", { name: "Create public link" }).click();
  const link = dialog.getByLabel("Public link");
  await expect(link).toHaveValue(/\/n\/[A-Za-z0-9_-]{24}$/);
  const shareUrl = await link.inputValue();
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByText("Link copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  // Server-rendered then hydrated: any mismatch or script error would show here.
  const publicErrors: string[] = [];
  publicPage.on("console", (message) => {
    if (message.type() === "error") publicErrors.push(message.text());
  });
  publicPage.on("pageerror", (error) => publicErrors.push(error.message));
  const shown = await publicPage.goto(shareUrl);
  expect(shown?.status()).toBe(200);
  await waitForPageReady(publicPage);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText("Weekly product sync");
  await expect(publicPage.getByTestId("transcript")).toContainText("Maya Chen");
  await expect(publicPage.locator("audio")).toHaveCount(1);
  for (const control of ["Edit", "Rename", "Delete", "Share", "Edit notes"]) {
    await expect(publicPage.getByRole("button", { name: control, exact: true })).toHaveCount(0);
  }
  await expect(publicPage.getByRole("button", { name: /^Edit the segment/ })).toHaveCount(0);
  // Its player works there too: a click on a time seeks.
  await publicPage
    .getByTestId("transcript")
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Play from / })
    .click();
  await expect.poll(() => publicPage.locator("audio").evaluate((element: HTMLMediaElement) => element.currentTime)).toBeGreaterThan(0);
  expect(publicErrors).toEqual([]);

  // Revoke: the same address is now a 404.
  await dialog.getByRole("button", { name: "Stop sharing" }).click();
  await expect(dialog.getByText("The link is off: it no longer opens the note.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  const afterRevoke = await (await visitor.newPage()).goto(shareUrl);
  expect(afterRevoke?.status()).toBe(404);
  await visitor.close();

  // Delete, after the confirm dialog: gone from /notes.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirmDialog = page.getByRole("dialog", { name: "Delete this note?" });
  await confirmDialog.getByRole("button", { name: "Delete note" }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByText("Weekly product sync")).toHaveCount(0);
  expect((await page.request.get(`/api${noteUrl.replace("/note/", "/notes/")}`)).status()).toBe(404);
});

test("a pasted note is corrected, renamed and deleted in Spanish at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page, newAccount("note-page-es"));
  await skipOnboarding(page);
  const created = await page.request.post("/api/notes/text", {
    data: { title: "Acta semanal", text: "Abrimos la reunión a las diez.\n\nMarta presenta el presupuesto del trimestre." },
    headers: { "X-CSRF-Token": await csrf(page) },
  });
  const { note } = (await created.json()) as { note: { id: string } };
  await page.goto(`/es/note/${note.id}`);
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acta semanal");
  expect(await hasHorizontalOverflow(page)).toBe(false);

  const rows = page.getByTestId("transcript").getByRole("listitem");
  await rows.nth(1).getByRole("button", { name: "Editar este párrafo" }).click();
  await rows.nth(1).getByLabel("Texto").fill("Marta presenta el presupuesto del tercer trimestre.");
  await rows.nth(1).getByLabel("Hablante (opcional)").fill("Marta");
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await rows.nth(1).getByRole("button", { name: "Guardar" }).click();
  await expect(rows.nth(1)).toContainText("Marta presenta el presupuesto del tercer trimestre.");
  await expect(page.getByRole("button", { name: "Renombrar al hablante Marta" })).toBeVisible();

  await page.getByRole("button", { name: "Renombrar", exact: true }).click();
  await page.getByLabel("Título", { exact: true }).fill("");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("alert")).toContainText("El título no puede quedar vacío.");
  await page.getByLabel("Título", { exact: true }).fill("Acta del trimestre");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acta del trimestre");
  await expect(page.getByRole("heading", { name: "Notas de IA" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);

  await page.getByRole("button", { name: "Compartir" }).click();
  await expect(page.getByRole("dialog", { name: "Compartir esta nota" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole("dialog").getByRole("button", { name: "Cerrar" }).click();

  await page.getByRole("button", { name: "Eliminar", exact: true }).click();
  const confirmDialog = page.getByRole("dialog", { name: "¿Eliminar esta nota?" });
  await confirmDialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acta del trimestre");
  await page.getByRole("button", { name: "Eliminar", exact: true }).click();
  await confirmDialog.getByRole("button", { name: "Eliminar nota" }).click();
  await expect(page).toHaveURL(/\/es\/notes$/);
  await expect(page.getByText("Acta del trimestre")).toHaveCount(0);
});

test.describe("demo notes", () => {
  // The browser reports the 404 document of an unknown demo as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("open signed out, read-only, in English and Spanish; an unknown one is a 404", async ({ page }) => {
    const answer = await page.goto("/demo-note/product-stand-up");
    expect(answer?.status()).toBe(200);
    await waitForPageReady(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile team stand-up: release 2.4");
    await expect(page.getByTestId("ai-notes")).toContainText("Book the room and send the invite for the bug bash");
    await expect(page.getByTestId("ai-notes")).toContainText("Owner: Tom");
    await expect(page.getByTestId("transcript")).toContainText("Priya (iOS)");
    await expect(page.getByRole("button", { name: /^Edit/ })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/es/demo-note/sales-discovery-call");
    await waitForPageReady(page);
    await expect(page.getByRole("heading", { name: "Tareas" })).toBeVisible();
    await expect(page.getByText("Responsable: Laura")).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    const missing = await page.goto("/demo-note/no-such-demo");
    expect(missing?.status()).toBe(404);
  });
});
