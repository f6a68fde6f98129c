import { type Browser, chromium } from "playwright-core";

// One Chromium per bot (issue 6). Flags from the spike and known-traps: no sandbox (containers), no GPU,
// /tmp instead of /dev/shm (small in containers), nothing phoning Google, autoplay and fake media devices
// so the meeting page can start audio without a gesture or a camera, loopback WebRTC for the stand-ins,
// and without the automation banner. Playwright's own --mute-audio is dropped: headless muting silences
// the tab (in-page capture still works, but nothing else would).

export const defaultChromiumPath = "/usr/bin/chromium";

export const botChromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
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
