import { type Browser, chromium } from "playwright-core";
import { defaultChromiumPath } from "../../../src/shared/chromium-args";
import { meetingBrowserArgs } from "./speaker";

// The Chromium the adapter tests drive as the bot would: headless, audio not muted (Playwright adds
// --mute-audio headless), fake devices so the join forms' camera and microphone toggles behave.
export function launchBotBrowser(executablePath = defaultChromiumPath): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...meetingBrowserArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--lang=en-US"],
    ignoreDefaultArgs: ["--mute-audio", "--enable-automation"],
  });
}
