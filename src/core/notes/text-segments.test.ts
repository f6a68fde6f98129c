import { describe, expect, it } from "vitest";
import { splitTextIntoSegments } from "./text-segments";

describe("pasted text into segments", () => {
  it("splits on blank lines, else on lines, and folds whitespace", () => {
    expect(splitTextIntoSegments("a\n\n b  c \r\n\r\nd").map((s) => s.text)).toEqual(["a", "b c", "d"]);
    expect(splitTextIntoSegments("one\ntwo").map((s) => s.text)).toEqual(["one", "two"]);
    expect(splitTextIntoSegments("  \n ")).toEqual([]);
  });
});
