import { describe, expect, it } from "vitest";
import { applyAccountEdits, initialsOf, type ShellAccount } from "./account-store";

const account: ShellAccount = { id: "u1", email: "ana@example.com", name: "Ana Lima", photoURL: null, language: "en", role: "user" };

describe("applyAccountEdits", () => {
  it("lays accepted edits over the loaded account", () => {
    expect(applyAccountEdits(account, { id: "u1", changes: { name: "Ana Souza" } })?.name).toBe("Ana Souza");
  });

  it("ignores edits made for another account (signed out and in as someone else)", () => {
    expect(applyAccountEdits(account, { id: "u2", changes: { name: "Bob" } })?.name).toBe("Ana Lima");
  });

  it("answers null for an anonymous visitor", () => {
    expect(applyAccountEdits(null, { id: "u1", changes: { name: "x" } })).toBeNull();
  });
});

describe("initialsOf", () => {
  it("takes the first letters of the first two words", () => {
    expect(initialsOf("ana maria lima", "a@example.com")).toBe("AM");
  });

  it("falls back to the e-mail when the name is blank", () => {
    expect(initialsOf("   ", "zoe@example.com")).toBe("Z");
  });

  it("handles a one-word name", () => {
    expect(initialsOf("Émile", "e@example.com")).toBe("É");
  });
});
