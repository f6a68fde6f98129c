import { describe, expect, it } from "vitest";
import { readTimestamp, timestampMs } from "./timestamp";

// spec section 3: createdAt with seconds and nanoseconds, or the underscore-prefixed variants; ISO for users.
describe("timestamps in every shape createdAt arrives in", () => {
  const ms = Date.UTC(2026, 10, 25, 22, 40, 21, 123);

  it("reads {seconds, nanoseconds}, {_seconds, _nanoseconds} and ISO 8601 as the same instant", () => {
    const seconds = Math.floor(ms / 1000);
    expect(timestampMs({ seconds, nanoseconds: 123_456_789 })).toBe(ms);
    expect(timestampMs({ _seconds: seconds, _nanoseconds: 123_456_789 })).toBe(ms);
    expect(timestampMs(new Date(ms).toISOString())).toBe(ms);
    expect(timestampMs("2026-11-25T23:40:21.123+01:00")).toBe(ms);
    expect(readTimestamp({ _seconds: seconds, _nanoseconds: 5 })).toEqual({ seconds, nanoseconds: 5 });
  });

  it("keeps times before 1970 right", () => {
    expect(readTimestamp("1969-12-31T23:59:59.250Z")).toEqual({ seconds: -1, nanoseconds: 250_000_000 });
  });

  it("answers null for anything else instead of NaN", () => {
    for (const value of [
      null,
      undefined,
      5,
      "yesterday",
      {},
      { seconds: 1 },
      { _seconds: "1", _nanoseconds: 0 },
      { seconds: 1, nanoseconds: 2e9 },
      { seconds: 1.5, nanoseconds: 0 },
      "2026-02-30T10:00:00Z",
      "2026-11-25T23:40Z",
      "2026-11-25T23:40:21",
      "2026-11-25 23:40:21Z",
    ])
      expect(timestampMs(value), JSON.stringify(value)).toBeNull();
  });
});
