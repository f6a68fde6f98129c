import { baseChromiumArgs } from "../src/shared/chromium-args";
import { clipPath } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { chromiumPath } from "./support/chromium";
import { openedNotePage } from "./support/note-page";
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
  await openedNotePage(page, 60_000);
  await expect(page.getByText("Recording", { exact: true })).toBeVisible();
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  await expect(page.getByText(/my fellow americans|your country/i).first()).toBeVisible();
});

// Issue 17: a MediaRecorder WebM has no duration in its head; the note's player showed no length (and
// could not seek) until a reload. The stored recording is remuxed with a duration and cues before the
// note becomes playable, and the player finds the length of one that was not.
test("a fresh recording plays with its length and seeks without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpVerified(page, newAccount("record-length"));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  const card = page.getByRole("region", { name: "Record audio" });
  await card.getByLabel("Spoken language").selectOption("en");
  await card.getByRole("button", { name: "Start recording" }).click();
  await expect(card.getByRole("timer", { name: "Recording time" })).toHaveText("00:05", { timeout: 20_000 });
  await card.getByRole("button", { name: "Stop and transcribe" }).click();
  await openedNotePage(page, 60_000);
  await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 90_000 });
  const audio = page.getByTestId("media-player").locator("audio");
  await expect(audio).toBeVisible();
  // The player on the page, as it came (no reload): a finite length near the five seconds recorded.
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(4);
  const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration);
  expect(duration).toBeLessThan(15);
  // The stored file itself carries its length: a new element knows it from the head alone.
  const src = await audio.evaluate((element: HTMLAudioElement) => element.currentSrc);
  const headDuration = await page.evaluate(
    (url) =>
      new Promise<number>((resolve, reject) => {
        const probe = new Audio();
        probe.preload = "metadata";
        probe.onloadedmetadata = () => resolve(probe.duration);
        probe.onerror = () => reject(new Error("media did not load"));
        probe.src = url;
      }),
    src,
  );
  expect(headDuration).toBeCloseTo(duration, 0);
  // Seeking lands where asked, and the player's clock is back at the start before anyone plays.
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBe(0);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.currentTime = 3;
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => (element.seeking ? -1 : element.currentTime))).toBeCloseTo(3, 0);
});
