import { describe, expect, it } from "vitest";
import { languageCodeOf } from "./language-names";

describe("the language an engine identified", () => {
  it.each([
    ["spanish", "es"],
    ["Portuguese", "pt"],
    ["russian", "ru"],
    ["maori", "mi"],
    ["castilian", "es"],
    ["nynorsk", "nn"],
    ["es", "es"],
    ["pt-BR", "pt"],
  ])("reads %s as %s", (answer, code) => {
    expect(languageCodeOf(answer)).toBe(code);
  });

  it("answers null when nothing was identified", () => {
    expect(languageCodeOf(undefined)).toBeNull();
    expect(languageCodeOf("")).toBeNull();
    expect(languageCodeOf("und")).toBeNull();
    expect(languageCodeOf("klingonese")).toBeNull();
  });
});
