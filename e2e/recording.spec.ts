import { baseChromiumArgs } from "../src/shared/chromium-args";
import { clipPath } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { chromiumPath } from "./support/chromium";
import { waitForPageReady } from "./support/pages";

// Issue 4: a recording made in the browser. Chromium's fake microphone plays the JFK clip (in a loop)
// into getUserMedia; MediaRecorder records it, tus uploads it, Whisper transcribes it.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...baseChromiumArgs,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${clipPath("c6")}`,
    ],
  },
});

test("a user records 10 seconds and reads what was said", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpVerified(page, newAccount("record"));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  const card = page.getByRole("region", { name: "Record audio" });
  await card.getByLabel("Spoken language").selectOption("en");
  await card.getByRole("button", { name: "Start recording" }).click();
  // The on-screen clock is the recording's own measure of time.
  await expect(card.getByRole("timer", { name: "Recording time" })).toHaveText("00:10", { timeout: 20_000 });
  await card.getByRole("button", { name: "Stop and transcribe" }).click();
  await expect(page).toHaveURL(/\/note\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByText("Recording", { exact: true })).toBeVisible();
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  await expect(page.getByText(/my fellow americans|your country/i).first()).toBeVisible();
});
