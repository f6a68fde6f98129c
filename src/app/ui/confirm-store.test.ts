import { describe, expect, it } from "vitest";
import { confirm, settleConfirm } from "./confirm-store";

describe("confirm dialog store", () => {
  it("resolves true on confirm and false on cancel", async () => {
    const yes = confirm({ message: "Delete?" });
    settleConfirm(true);
    expect(await yes).toBe(true);
    const no = confirm({ message: "Delete?" });
    settleConfirm(false);
    expect(await no).toBe(false);
  });

  it("cancels an open dialog when another one opens", async () => {
    const first = confirm({ message: "First" });
    const second = confirm({ message: "Second", title: "Sure?", confirmText: "Yes", cancelText: "No" });
    expect(await first).toBe(false);
    settleConfirm(true);
    expect(await second).toBe(true);
  });
});
