import { describe, expect, it } from "vitest";
import { createTokenCipher, tokenKeyFrom } from "./token-crypto";

describe("provider tokens sealed at rest", () => {
  const key = tokenKeyFrom({ authSecret: "auth-secret-auth-secret-auth-secret-0123" });

  it("round-trips, never stores the token in clear, and seals the same token differently each time", () => {
    const cipher = createTokenCipher(key);
    const sealed = cipher.encrypt("1//refresh-token-value");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("refresh-token-value");
    expect(cipher.encrypt("1//refresh-token-value")).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe("1//refresh-token-value");
  });

  it("refuses a tampered value and one sealed with another key", () => {
    const sealed = createTokenCipher(key).encrypt("token");
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = `${version}.${iv}.${tag}.${Buffer.from("other").toString("base64url")}${body?.slice(7) ?? ""}`;
    expect(() => createTokenCipher(key).decrypt(flipped)).toThrow();
    const otherKey = tokenKeyFrom({ authSecret: "another-secret-another-secret-another-01" });
    expect(() => createTokenCipher(otherKey).decrypt(sealed)).toThrow();
    expect(() => createTokenCipher(key).decrypt("not-sealed")).toThrow("Not a sealed token");
  });

  it("takes a configured 32-byte key in hex or base64, and refuses another length", () => {
    const hex = "ab".repeat(32);
    expect(tokenKeyFrom({ configuredKey: hex, authSecret: "x" })).toEqual(Buffer.from(hex, "hex"));
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(tokenKeyFrom({ configuredKey: base64, authSecret: "x" })).toEqual(Buffer.alloc(32, 7));
    expect(() => tokenKeyFrom({ configuredKey: "short", authSecret: "x" })).toThrow("32 bytes");
  });
});
