// The flags every Chromium we start shares, the bot's and the tests' alike (decision 008): no sandbox
// (containers), no GPU, /tmp instead of /dev/shm (small in containers), nothing phoning Google. Each
// user adds what it needs (fake media devices, autoplay, loopback WebRTC). Here, in shared/, so the bot,
// the test stand-ins and playwright.config.ts can all import it.

/** Debian's Chromium, where every role looks unless told otherwise. */
export const defaultChromiumPath = "/usr/bin/chromium";

export const baseChromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
] as const;
