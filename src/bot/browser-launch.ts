import { type Browser, chromium } from "playwright-core";
import { baseChromiumArgs, defaultChromiumPath } from "../shared/chromium-args";

// One Chromium per bot (issue 6). Flags from the spike and known-traps: the shared ones (no sandbox, no
// GPU, no /dev/shm, nothing phoning Google), then autoplay and fake media devices so the meeting page can
// start audio without a gesture or a camera, loopback WebRTC for the stand-ins, and without the
// automation banner. Playwright's own --mute-audio is dropped: headless muting silences the tab (in-page
// capture still works, but nothing else would).

export const botChromiumArgs = [
  ...baseChromiumArgs,
  "--autoplay-policy=no-user-gesture-required",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--disable-blink-features=AutomationControlled",
  "--allow-loopback-in-peer-connection",
] as const;

export function launchBotBrowser({ isHeadless, executablePath }: { isHeadless: boolean; executablePath?: string }): Promise<Browser> {
  return chromium.launch({
    executablePath: executablePath ?? process.env.BOT_CHROMIUM_PATH ?? defaultChromiumPath,
    headless: isHeadless,
    args: [...botChromiumArgs],
    ignoreDefaultArgs: ["--mute-audio", "--enable-automation"],
  });
}
