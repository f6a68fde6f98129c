import { describe, expect, it } from "vitest";
import { changeEmailInput, firstErrorCode, nameInput } from "./settings-schemas";

function codeOf(result: { success: boolean; error?: Parameters<typeof firstErrorCode>[0] }): string | null {
  return result.success || !result.error ? null : firstErrorCode(result.error);
}

describe("nameInput", () => {
  it("trims and accepts a name", () => {
    expect(nameInput.parse({ name: "  Ana Lima " })).toEqual({ name: "Ana Lima" });
  });

  it("rejects a blank name", () => {
    expect(codeOf(nameInput.safeParse({ name: "   " }))).toBe("nameRequired");
  });

  it("rejects a name over 100 characters, as the server does", () => {
    expect(codeOf(nameInput.safeParse({ name: "x".repeat(101) }))).toBe("nameTooLong");
  });
});

describe("changeEmailInput", () => {
  const schema = changeEmailInput("ana@example.com");

  it("accepts a different valid address", () => {
    expect(schema.parse({ newEmail: " new@example.com " })).toEqual({ newEmail: "new@example.com" });
  });

  it("asks for an address when empty", () => {
    expect(codeOf(schema.safeParse({ newEmail: "" }))).toBe("emailRequired");
  });

  it("rejects something that is not an e-mail", () => {
    expect(codeOf(schema.safeParse({ newEmail: "ana@" }))).toBe("emailInvalid");
  });

  it("rejects the current address, whatever its case", () => {
    expect(codeOf(schema.safeParse({ newEmail: "ANA@example.com" }))).toBe("emailSame");
  });
});
