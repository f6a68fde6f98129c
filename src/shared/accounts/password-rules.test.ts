import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";
import { passwordProblem } from "./password-rules";

describe("password rule", () => {
  it.each([
    ["password", "passwordTooCommon"],
    ["Password", "passwordTooCommon"],
    ["12345678", "passwordTooCommon"],
    ["qwertyuiop", "passwordTooCommon"],
    ["iloveyou", "passwordTooCommon"],
    ["short", "passwordTooShort"],
    ["x".repeat(129), "passwordTooLong"],
    ["Correct-horse-42", null],
    ["open sesame", null],
    ["a brand new secret", null],
  ])("%s → %s", (password, problem) => {
    expect(passwordProblem(password, isCommonPassword)).toBe(problem);
  });

  it("checks the length before the list, so a short common password reads as too short", () => {
    expect(passwordProblem("123456", isCommonPassword)).toBe("passwordTooShort");
  });
});
