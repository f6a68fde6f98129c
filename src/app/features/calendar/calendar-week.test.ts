import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarWindow,
  dayKey,
  eventStart,
  eventsByDay,
  regionalTag,
  startOfWeek,
  weekStartFor,
  windowDays,
} from "./calendar-week";

// Local dates throughout, so the rules hold in whatever time zone the tests run.

describe("week start by locale (spec section 9)", () => {
  it("is Sunday in English and Monday in Spanish and Portuguese when the browser names no region of that language", () => {
    expect(weekStartFor("en", null)).toBe(0);
    expect(weekStartFor("es", "en-US")).toBe(1);
    expect(weekStartFor("pt", "en-US")).toBe(1);
  });

  it("follows the browser's region when it speaks the interface's language", () => {
    expect(weekStartFor("en", "en-GB")).toBe(1);
    expect(weekStartFor("en", "en-US")).toBe(0);
    // CLDR: Brazil counts weeks from Sunday.
    expect(weekStartFor("pt", "pt-BR")).toBe(0);
  });

  it("ignores a malformed tag", () => {
    expect(weekStartFor("es", "not a tag!")).toBe(1);
    expect(regionalTag("es", "not a tag!")).toBe("es-ES");
  });

  it("writes dates in the browser's tag only when it is the same language", () => {
    expect(regionalTag("en", "en-GB")).toBe("en-GB");
    expect(regionalTag("es", "en-GB")).toBe("es-ES");
    expect(regionalTag("pt", "pt-BR")).toBe("pt-BR");
  });
});

describe("the 7-day window", () => {
  it("starts the week on the locale's day", () => {
    const wednesday = new Date(2026, 10, 25, 15, 30);
    expect(dayKey(startOfWeek(wednesday, 0))).toBe("2026-11-22");
    expect(dayKey(startOfWeek(wednesday, 1))).toBe("2026-11-23");
    const sunday = new Date(2026, 10, 29, 8);
    expect(dayKey(startOfWeek(sunday, 0))).toBe("2026-11-29");
    expect(dayKey(startOfWeek(sunday, 1))).toBe("2026-11-23");
  });

  it("is 10,080 minutes from the selected day's start", () => {
    const { start, end } = calendarWindow(new Date(2026, 10, 23, 17, 45));
    expect(start).toEqual(new Date(2026, 10, 23));
    expect(end.getTime() - start.getTime()).toBe(10_080 * 60_000);
  });

  it("lists seven local days, crossing a month", () => {
    expect(windowDays(new Date(2026, 10, 29)).map(dayKey)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(dayKey(addDays(new Date(2026, 11, 31), 1))).toBe("2027-01-01");
  });
});

describe("events under their day", () => {
  const event = (id: string, start: string, isAllDay = false) => ({ id, data: { start, isAllDay } });

  it("groups by local start day in start order, an earlier start under the first day", () => {
    const days = windowDays(new Date(2026, 10, 22));
    const late = event("late", new Date(2026, 10, 23, 16).toISOString());
    const early = event("early", new Date(2026, 10, 23, 9).toISOString());
    const before = event("before", new Date(2026, 10, 20, 9).toISOString());
    const groups = eventsByDay([late, early, before], days);
    expect(groups.get("2026-11-23")?.map((item) => item.id)).toEqual(["early", "late"]);
    expect(groups.get("2026-11-22")?.map((item) => item.id)).toEqual(["before"]);
    expect(groups.size).toBe(7);
  });

  it("reads an all-day event's date as that local date", () => {
    expect(dayKey(eventStart({ start: "2026-11-25", isAllDay: true }))).toBe("2026-11-25");
    expect(dayKey(eventStart({ start: "2026-11-25T00:00:00.000Z", isAllDay: true }))).toBe("2026-11-25");
  });
});
