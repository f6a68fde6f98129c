import { expect, type Page, test } from "@playwright/test";
import { hasHorizontalOverflow, signUpVerified, skipOnboarding } from "./support/account-setup";
import { signInAsAdmin } from "./support/admin";

// Issue 19, first part: the admin's AI engines page, read-only, at phone width in English and Portuguese.
// playwright.config.ts runs transcription on the OpenAI-compatible whisper stand-in (tiny.en: English only)
// and the language model on the chat stand-in, both chosen by environment variables.
test.use({ viewport: { width: 390, height: 844 } });

async function signInAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await skipOnboarding(page);
}

test("an admin sees each AI engine, where it is set and whether it works, in English and Portuguese", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/engines");
  await expect(page.getByRole("heading", { level: 1, name: "AI engines" })).toBeVisible();

  const transcription = page.getByTestId("engine-transcription");
  await expect(transcription.getByTestId("engine-id")).toHaveText("openai-compatible:tiny.en");
  await expect(transcription.getByTestId("engine-languages")).toHaveText("en");
  // The whisper server lists no models (404 on /v1/models) but answers: reachable, so working.
  await expect(transcription.getByTestId("engine-health")).toHaveAttribute("data-state", "ok");
  await expect(transcription.getByTestId("engine-source")).toContainText("Set by SPEECH_ENGINE");

  const notes = page.getByTestId("engine-notes");
  await expect(notes.getByTestId("engine-id")).toHaveText("openai:stand-in-chat");
  await expect(notes.getByTestId("engine-health")).toHaveAttribute("data-state", "ok");
  await expect(notes.getByTestId("engine-health")).toHaveText("Working");
  await expect(notes.getByTestId("engine-source")).toContainText("LLM_ENGINE");
  await expect(page.getByTestId("engine-speakerLabels")).toContainText("Meeting bots name each speaker");
  expect(await hasHorizontalOverflow(page)).toBe(false);

  await page.goto("/pt/admin/engines");
  await expect(page.getByRole("heading", { level: 1, name: "Motores de IA" })).toBeVisible();
  await expect(page.getByTestId("engine-notes").getByTestId("engine-health")).toHaveText("Funcionando");
  await expect(page.getByTestId("engine-transcription").getByTestId("engine-source")).toContainText("Definido por SPEECH_ENGINE");
  await expect(page.getByTestId("engine-embeddings")).toContainText("Busca por significado");
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("the engines page and its API are for admins only", async ({ page }) => {
  await signUpVerified(page, { name: "Member", email: `member-engines-${Date.now()}@example.com`, password: "member password 1" });
  const answer = await page.request.get("/api/admin/engines");
  expect(answer.status()).toBe(403);
});
