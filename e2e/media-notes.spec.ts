import path from "node:path";
import type { Page } from "@playwright/test";
import { clipPath, makeMedia } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 4 in Chromium: audio, video, a PDF and a YouTube link (the stand-in) become notes through the
// real pipeline and real Whisper; the note page follows the status live, without a reload. Text is looked
// for in the transcript: the AI notes beside it may quote the same sentences.
const documents = path.resolve("test", "fixtures", "documents");
const jfk = /ask not what your country can do for you/i;

test.describe.configure({ timeout: 120_000 });

async function signedInAtHome(page: Page, label: string, language = "") {
  await signUpVerified(page, newAccount(label));
  await skipOnboarding(page);
  await page.goto(`${language}/home`);
  await waitForPageReady(page);
}

/** Marks the document; the mark survives only if the page never reloads. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { parleyMark?: boolean }).parleyMark = true;
  });
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { parleyMark?: boolean }).parleyMark)).toBe(true);
}

async function openedNote(page: Page): Promise<void> {
  await openedNotePage(page, 60_000);
  await waitForPageReady(page);
  await markPage(page);
}

test("a user uploads c6.wav and a short video and reads both transcripts as they arrive", async ({ page }) => {
  await signedInAtHome(page, "upload");
  const audioCard = page.getByRole("region", { name: "Upload audio or video" });
  await audioCard.getByLabel("Spoken language").selectOption("en");
  await audioCard.getByLabel("Choose a file").setInputFiles(clipPath("c6"));
  await openedNote(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("c6");
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  await expect(page.getByTestId("transcript").getByText(jfk)).toBeVisible();
  await expectNotReloaded(page);

  const media = makeMedia();
  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByRole("region", { name: "Upload audio or video" }).getByLabel("Choose a file").setInputFiles(media.videoWithSpeech);
  await openedNote(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  await expect(page.getByTestId("transcript").getByText(jfk)).toBeVisible();
  await expectNotReloaded(page);
});

test("a PDF and a YouTube link become notes with their text", async ({ page }) => {
  await signedInAtHome(page, "docs");
  await page
    .getByRole("region", { name: "Add a document" })
    .getByLabel("Choose a document")
    .setInputFiles(path.join(documents, "two-pages.pdf"));
  await openedNote(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 60_000 });
  await expect(page.getByTestId("transcript").getByText("Carol will draft the proposal.")).toBeVisible();

  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByLabel("YouTube link").fill("https://youtu.be/jfkManualEn");
  await page.getByRole("button", { name: "Get transcript" }).click();
  await openedNote(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 60_000 });
  await expect(page.getByTestId("transcript").getByText(jfk).first()).toBeVisible();
});

test("bad input ends with a translated reason and a retry, at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAtHome(page, "bad-pdf", "/es");
  await page
    .getByRole("region", { name: "Añadir un documento" })
    .getByLabel("Elegir un documento")
    .setInputFiles(path.join(documents, "encrypted.pdf"));
  await openedNote(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_failed", { timeout: 60_000 });
  await expect(page.getByRole("alert")).toContainText("contraseña");
  await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectNotReloaded(page);

  await page.goto("/es/home");
  await waitForPageReady(page);
  await page.getByLabel("Enlace de YouTube").fill("https://www.youtube.com/watch?v=zzzzzzzzzzz");
  await page.getByRole("button", { name: "Obtener la transcripción" }).click();
  await openedNote(page);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_failed", { timeout: 60_000 });
  await expect(page.getByRole("alert")).toContainText("YouTube");
});
