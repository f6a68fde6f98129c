import { defaultChromiumPath } from "../../src/shared/chromium-args";

// Debian's Chromium unless CHROMIUM_PATH says otherwise (decision 008); every test browser starts with
// baseChromiumArgs, and specs that need more (a fake microphone) add to them.
export const chromiumPath = process.env.CHROMIUM_PATH ?? defaultChromiumPath;
