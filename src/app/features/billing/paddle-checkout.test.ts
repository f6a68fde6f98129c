import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutFrameClass, checkoutSettings, scriptCheckIntervalMs, scriptChecks, waitForValue } from "./paddle-checkout";

// spec section 9: payment form inline, light theme, the locale, tax id entry; the script wait of 50 checks
// at 100 ms.

describe("Paddle.js settings", () => {
  it("inline, light, the interface language, tax id entry, drawn into .paddle-checkout-frame", () => {
    expect(checkoutSettings("pt")).toEqual({
      displayMode: "inline",
      theme: "light",
      locale: "pt",
      frameTarget: "paddle-checkout-frame",
      frameInitialHeight: 450,
      frameStyle: "width:100%;min-width:312px;background-color:transparent;border:none",
      showAddTaxId: true,
      allowLogout: false,
    });
    expect(checkoutFrameClass).toBe("paddle-checkout-frame");
  });
});

describe("waiting for the script", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers as soon as the global appears", async () => {
    let reads = 0;
    const result = waitForValue(() => (++reads === 3 ? "paddle" : undefined));
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe("paddle");
    expect(reads).toBe(3);
  });

  it("gives up after 50 checks, 100 ms apart (4.9 s)", async () => {
    expect([scriptChecks, scriptCheckIntervalMs]).toEqual([50, 100]);
    let reads = 0;
    const result = waitForValue(() => {
      reads += 1;
      return undefined;
    });
    await vi.advanceTimersByTimeAsync(4800);
    expect(reads).toBe(49);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
    expect(reads).toBe(50);
  });
});
