import { describe, expect, it } from "vitest";
import { chunkReloadGuardMs, isChunkLoadError, shouldReloadAfterChunkError } from "./build-watcher";

describe("chunk-load failure reload guard (spec section 4)", () => {
  it("reloads the first time and again only after 10 seconds", () => {
    expect(chunkReloadGuardMs).toBe(10_000);
    expect(shouldReloadAfterChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000, 10_999)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 11_000)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, 5)).toBe(true);
  });

  it.each([
    ["Failed to fetch dynamically imported module: https://x/assets/a.js", true],
    ["Importing a module script failed.", true],
    ["error loading dynamically imported module", true],
    ["Unable to preload CSS for /assets/app.css", true],
    ["Cannot read properties of undefined", false],
  ])("recognises %s as a chunk error: %s", (message, expected) => {
    expect(isChunkLoadError(new Error(message))).toBe(expected);
  });
});
