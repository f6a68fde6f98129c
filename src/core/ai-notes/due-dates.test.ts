import { describe, expect, it } from "vitest";
import { resolveDue } from "./due-dates";

// Wednesday 25 November 2026, mid-afternoon UTC.
const meeting = new Date("2026-11-25T15:30:00Z");

describe("due dates resolved against the meeting date", () => {
  it("resolves English phrases", () => {
    expect(resolveDue("today", meeting)).toBe("2026-11-25");
    expect(resolveDue("by end of day", meeting)).toBe("2026-11-25");
    expect(resolveDue("before tomorrow", meeting)).toBe("2026-11-26");
    expect(resolveDue("by Thursday", meeting)).toBe("2026-11-26");
    expect(resolveDue("next Monday", meeting)).toBe("2026-11-30");
    // Said on a Wednesday: "by Wednesday" is a week on, not today.
    expect(resolveDue("by Wednesday", meeting)).toBe("2026-12-02");
    expect(resolveDue("Thursday next week", meeting)).toBe("2026-12-03");
    expect(resolveDue("next week", meeting)).toBe("2026-12-04");
    expect(resolveDue("by end of the week", meeting)).toBe("2026-11-27");
    expect(resolveDue("end of the month", meeting)).toBe("2026-11-30");
    expect(resolveDue("by the end of April", meeting)).toBe("2027-04-30");
    expect(resolveDue("by March 3rd", meeting)).toBe("2027-03-03");
    expect(resolveDue("on December 1", meeting)).toBe("2026-12-01");
    expect(resolveDue("on the 15th", meeting)).toBe("2026-12-15");
    expect(resolveDue("in two weeks", meeting)).toBe("2026-12-09");
    expect(resolveDue("within 3 days", meeting)).toBe("2026-11-28");
  });

  it("resolves Spanish phrases", () => {
    expect(resolveDue("hoy", meeting)).toBe("2026-11-25");
    expect(resolveDue("mañana", meeting)).toBe("2026-11-26");
    expect(resolveDue("pasado mañana", meeting)).toBe("2026-11-27");
    expect(resolveDue("el jueves", meeting)).toBe("2026-11-26");
    expect(resolveDue("para el próximo lunes", meeting)).toBe("2026-11-30");
    expect(resolveDue("la próxima semana", meeting)).toBe("2026-12-04");
    expect(resolveDue("antes del 15 de mayo", meeting)).toBe("2027-05-15");
    expect(resolveDue("antes de fin de mes", meeting)).toBe("2026-11-30");
    expect(resolveDue("dentro de dos semanas", meeting)).toBe("2026-12-09");
  });

  it("resolves Portuguese phrases", () => {
    expect(resolveDue("hoje", meeting)).toBe("2026-11-25");
    expect(resolveDue("amanhã", meeting)).toBe("2026-11-26");
    expect(resolveDue("até sexta", meeting)).toBe("2026-11-27");
    expect(resolveDue("até sexta-feira", meeting)).toBe("2026-11-27");
    expect(resolveDue("na segunda", meeting)).toBe("2026-11-30");
    expect(resolveDue("na semana que vem", meeting)).toBe("2026-12-04");
    expect(resolveDue("até o fim do mês", meeting)).toBe("2026-11-30");
    expect(resolveDue("no dia 3 de dezembro", meeting)).toBe("2026-12-03");
  });

  it("leaves phrases that name no single day unresolved", () => {
    expect(resolveDue("next month", meeting)).toBeNull();
    expect(resolveDue("by 3/4", meeting)).toBeNull();
    expect(resolveDue("soon", meeting)).toBeNull();
    expect(resolveDue("tomorrow", new Date("not a date"))).toBeNull();
  });
});
