import { describe, expect, it } from "vitest";
import { splitTextIntoSegments, titleFromText } from "./text-segments";

describe("pasted text into segments", () => {
  it("splits on blank lines, else on lines, and folds whitespace", () => {
    expect(splitTextIntoSegments("a\n\n b  c \r\n\r\nd").map((s) => s.text)).toEqual(["a", "b c", "d"]);
    expect(splitTextIntoSegments("one\ntwo").map((s) => s.text)).toEqual(["one", "two"]);
    expect(splitTextIntoSegments("  \n ")).toEqual([]);
  });
});

describe("the title of pasted text given none", () => {
  const long =
    "Ana opened the weekly product meeting. The mobile release is on track for next Tuesday, and Bruno will test the payment flow.";

  it("is the first line with text when it fits", () => {
    expect(titleFromText("\n  Weekly   sync notes \nMore below")).toBe("Weekly sync notes");
    expect(titleFromText("Standup\r\nBody")).toBe("Standup");
    expect(titleFromText("  \n ")).toBe("");
  });

  it("is the first sentence of a long line", () => {
    expect(titleFromText(long)).toBe("Ana opened the weekly product meeting.");
  });

  it("cuts a long line without a usable sentence at a word, with an ellipsis, within 80 characters", () => {
    const title = titleFromText(`OK. ${long}`);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith("…")).toBe(true);
    expect(title).toBe("OK. Ana opened the weekly product meeting. The mobile release is on track for…");
    const words = "word ".repeat(40);
    expect(titleFromText(words)).toMatch(/^(word ){15}word…$/);
  });

  it("cuts a line with no spaces at the limit", () => {
    const title = titleFromText("x".repeat(200));
    expect(title).toBe(`${"x".repeat(79)}…`);
  });
});
