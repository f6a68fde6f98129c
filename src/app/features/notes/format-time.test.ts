import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "~/app/i18n/create-i18n";
import notes from "../../../../i18n/en/notes.json";
import { formatDuration, formatTimestamp, parseTimestamp } from "./format-time";

describe("time formatting", () => {
  let t: TFunction;
  beforeAll(async () => {
    // The English notes catalog through the app's own i18next setup (ICU plurals); the server's catalog loader is not browser code.
    t = (await createI18n({ locale: "en", namespaces: ["notes"], resources: { en: { notes } } })).getFixedT("en", "notes");
  });

  it("shows seconds only under a minute (spec section 9)", () => {
    expect(formatDuration(0, t)).toBe("0 s");
    expect(formatDuration(42.4, t)).toBe("42 s");
    expect(formatDuration(59.4, t)).toBe("59 s");
    expect(formatDuration(59.6, t)).toBe("1 min");
    expect(formatDuration(754, t)).toBe("13 min");
    expect(formatDuration(3725, t)).toBe("1 h 2 min");
  });

  it("writes and reads media positions as clocks", () => {
    expect(formatTimestamp(0)).toBe("0:00");
    expect(formatTimestamp(65.9)).toBe("1:05");
    expect(formatTimestamp(3723)).toBe("1:02:03");
    expect(parseTimestamp("1:05")).toBe(65);
    expect(parseTimestamp(" 1:02:03 ")).toBe(3723);
    expect(parseTimestamp("0:60")).toBeNull();
    expect(parseTimestamp("five")).toBeNull();
  });
});
