import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type ModelFileServer, startModelFileServer } from "../test/support/model-file-server";
import { hasHorizontalOverflow, skipOnboarding } from "./support/account-setup";
import { signInAsAdmin } from "./support/admin";

// Issue 19: an admin downloads a recommended model from /admin/engines, in Portuguese at phone width: the
// size before starting, a live progress bar, then Done. playwright.config.ts points the server's catalogue
// at e2e/fixtures/model-catalogue.json (a 4 MB file pinned by its sha256) and MODEL_DOWNLOAD_BASE_URL at the
// port after the stand-ins, where this test serves the file; the server holds the body at 1 MB until the
// test has seen the bar there, so the bar is checked at a known point, not raced.
test.use({ viewport: { width: 390, height: 844 } });

const fileName = "e2e-speech-model.bin";
const modelFilesPort = Number(process.env.E2E_PORT ?? 3210) + 8;

let files: ModelFileServer;
let folder: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "e2e-model-files-"));
  // The bytes the fixture's sha256 pins: a fixed pattern, so nothing large is kept in the repository.
  const content = Buffer.alloc(4_000_000);
  for (let index = 0; index < content.length; index++) content[index] = (index * 31 + 7) % 256;
  await writeFile(path.join(folder, fileName), content);
  files = await startModelFileServer({ [`/${fileName}`]: path.join(folder, fileName) }, modelFilesPort);
});
test.afterAll(async () => {
  await files?.close();
  await rm(folder, { recursive: true, force: true });
});

async function signInAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await skipOnboarding(page);
}

test("an admin downloads a model with a live progress bar, in Portuguese at phone width", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/pt/admin/engines");
  await expect(page.getByRole("heading", { level: 2, name: "Modelos de IA" })).toBeVisible();
  const model = page.getByTestId(`model-download-${fileName}`);
  await expect(model.getByTestId("model-download-state")).toHaveText("Não baixado");
  await expect(model.getByTestId("model-download-size")).toContainText("4 MB");
  expect(await hasHorizontalOverflow(page)).toBe(false);

  files.holdNextAfter(1_000_000);
  await model.getByRole("button", { name: "Baixar (4 MB)" }).click();
  const bar = model.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuenow", "25");
  await expect(model.getByTestId("model-download-progress")).toContainText("1 MB de 4 MB (25%)");
  await expect(model.getByRole("button", { name: "Cancelar" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);

  files.release();
  await expect(model.getByTestId("model-download-state")).toHaveText("Concluído");
  await expect(bar).toHaveCount(0);
  await expect(model.getByRole("button")).toHaveCount(0);
  expect(files.requests.filter((request) => request.path === `/${fileName}`)).toHaveLength(1);
});
