import { describe, expect, it } from "vitest";
import { readableDue } from "./due-date";

describe("an action item's due date", () => {
  it("writes an ISO day in the reader's language and keeps words as they were said", () => {
    expect(readableDue("2026-11-27", "en")).toBe("Nov 27, 2026");
    expect(readableDue("2026-11-27", "es")).toBe("27 nov 2026");
    expect(readableDue("2026-11-27", "pt")).toBe("27 de nov. de 2026");
    expect(readableDue("next Friday", "en")).toBe("next Friday");
    expect(readableDue("2026-13-45", "en")).toBe("2026-13-45");
  });
});
