import { describe, expect, it } from "vitest";
import { readCookie } from "~/shared/cookies";
import { clearFlash, flashCookieName, parseFlash, serializeFlash } from "./flash-alerts";

describe("flash alerts across a redirect", () => {
  it("round-trips alerts through the cookie", () => {
    const header = serializeFlash([{ type: "info", code: "alreadyPro" }]);
    expect(header).toMatch(/Max-Age=60; SameSite=Lax; HttpOnly$/);
    const value = readCookie(header.split(";")[0], flashCookieName);
    expect(parseFlash(value)).toEqual([{ type: "info", code: "alreadyPro" }]);
    expect(clearFlash()).toContain("Max-Age=0");
  });

  it("ignores tampered or malformed cookies", () => {
    expect(parseFlash(undefined)).toEqual([]);
    expect(parseFlash("not json")).toEqual([]);
    expect(parseFlash(JSON.stringify([{ type: "error", code: "<script>" }]))).toEqual([]);
    expect(parseFlash(JSON.stringify([{ type: "warning", code: "x" }]))).toEqual([]);
  });
});
