import { describe, expect, it } from "vitest";
import { parseByteRange } from "./media-stream";

describe("HTTP byte ranges", () => {
  it.each([
    [undefined, { kind: "whole" }],
    ["bytes=0-99", { kind: "range", range: { start: 0, end: 99 } }],
    ["bytes=900-5000", { kind: "range", range: { start: 900, end: 999 } }],
    ["bytes=-100", { kind: "range", range: { start: 900, end: 999 } }],
    ["bytes=-5000", { kind: "range", range: { start: 0, end: 999 } }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=0-9,20-29", { kind: "whole" }],
    ["items=0-9", { kind: "whole" }],
    ["bytes=50-10", { kind: "whole" }],
  ])("reads %s against 1,000 bytes", (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
