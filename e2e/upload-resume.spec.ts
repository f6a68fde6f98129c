import { statSync } from "node:fs";
import type { Page, Route } from "@playwright/test";
import { clipPath, makeLargeWav } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 4: uploads are resumable and cancellable in the browser. The second 8 MB tus chunk is held at
// the network layer, so the test decides exactly when the connection "drops" (no timing guesses).
const chunkBytes = 8 * 1024 * 1024;

test.describe.configure({ timeout: 120_000 });

async function openHome(page: Page): Promise<void> {
  await page.goto("/home");
  await waitForPageReady(page);
}

/**
 * Holds every PATCH past the first chunk until `release` (never sent on: held requests die with the
 * page that made them); resolves `held` with the first one held.
 */
function holdSecondChunk(page: Page): { held: Promise<Route>; release(): void } {
  let isHolding = true;
  const held = new Promise<Route>((resolve) => {
    void page.route("**/api/uploads/**", async (route) => {
      const request = route.request();
      if (isHolding && request.method() === "PATCH" && request.headers()["upload-offset"] !== "0") {
        resolve(route);
        return;
      }
      await route.continue();
    });
  });
  return {
    held,
    release: () => {
      isHolding = false;
    },
  };
}

test("an upload cut off by a reload resumes where it stopped and becomes a note", async ({ page }) => {
  const file = makeLargeWav();
  expect(statSync(file).size).toBeGreaterThan(chunkBytes);
  await signUpVerified(page, newAccount("resume"));
  await skipOnboarding(page);
  await openHome(page);
  const gate = holdSecondChunk(page);
  await page.getByRole("region", { name: "Upload audio or video" }).getByLabel("Choose a file").setInputFiles(file);
  await gate.held;
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();

  // The reload drops the held request; the browser keeps which upload this file was.
  await openHome(page);
  gate.release();
  const offsets: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/uploads/")) offsets.push(request.headers()["upload-offset"] ?? "");
  });
  await page.getByRole("region", { name: "Upload audio or video" }).getByLabel("Choose a file").setInputFiles(file);
  await openedNotePage(page, 60_000);
  // One PATCH, from where the first chunk ended: nothing is sent twice.
  expect(offsets).toEqual([String(chunkBytes)]);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  await expect(page.getByText(/ask not what your country can do for you/i).first()).toBeVisible();
});

test("a cancelled upload keeps nothing, on the server either", async ({ page }) => {
  const file = makeLargeWav();
  await signUpVerified(page, newAccount("cancel"));
  await skipOnboarding(page);
  await openHome(page);
  const gate = holdSecondChunk(page);
  const card = page.getByRole("region", { name: "Upload audio or video" });
  await card.getByLabel("Choose a file").setInputFiles(file);
  const route = await gate.held;
  const deleted = page.waitForResponse((response) => response.request().method() === "DELETE" && response.url().includes("/api/uploads/"));
  await card.getByRole("button", { name: "Cancel upload" }).click();
  expect((await deleted).status()).toBe(204);
  await route.abort().catch(() => {});
  await expect(card.getByText("Upload cancelled. Nothing was kept.")).toBeVisible();
  const uploadUrl = new URL(route.request().url()).pathname;
  const head = await page.request.head(uploadUrl, { headers: { "Tus-Resumable": "1.0.0" } });
  expect(head.status()).toBe(404);
  const notes = (await (await page.request.get("/api/notes")).json()) as { items: unknown[] };
  expect(notes.items).toEqual([]);
});

test.describe("a lost creation answer", () => {
  // The reset below is the test's own doing; the browser reports it as a failed resource.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_CONNECTION_RESET$/] });

  test("an upload whose creation answer is lost is created once: the retry resumes the same upload", async ({ page }) => {
    await signUpVerified(page, newAccount("lost-answer"));
    await skipOnboarding(page);
    await openHome(page);
    // The first creation reaches the server and makes the upload; its answer never reaches the browser.
    const creations: { key: string; status: number; location: string }[] = [];
    let isFirst = true;
    await page.route("**/api/uploads", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const answer = await route.fetch();
      creations.push({
        key: request.headers()["idempotency-key"] ?? "",
        status: answer.status(),
        location: answer.headers().location ?? "",
      });
      if (!isFirst) return route.fulfill({ response: answer });
      isFirst = false;
      return route.abort("connectionreset");
    });
    await page.getByRole("region", { name: "Upload audio or video" }).getByLabel("Choose a file").setInputFiles(clipPath("c6"));
    await openedNotePage(page, 60_000);
    // The retry carries the same key and gets the first creation's upload back, not a second one.
    expect(creations).toHaveLength(2);
    expect(creations[0]).toMatchObject({ status: 201, key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(creations[1]).toEqual({ ...creations[0], status: 201 });
    const notes = (await (await page.request.get("/api/notes")).json()) as { items: unknown[] };
    expect(notes.items).toHaveLength(1);
  });
});
