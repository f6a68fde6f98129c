import { describe, expect, it } from "vitest";
import { shouldHydrate } from "./hydration";

describe("shouldHydrate", () => {
  it("hydrates by default", () => {
    expect(shouldHydrate([{ handle: undefined }, { handle: {} }])).toBe(true);
  });

  it("lets a static layout turn hydration off for its pages", () => {
    expect(shouldHydrate([{ handle: undefined }, { handle: { hydrate: false } }, { handle: undefined }])).toBe(false);
  });

  it("lets a page inside a static layout turn it back on", () => {
    expect(shouldHydrate([{ handle: undefined }, { handle: { hydrate: false } }, { handle: { hydrate: true } }])).toBe(true);
  });
});
