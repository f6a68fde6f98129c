import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256";

// The hand-written SHA-256 against the FIPS 180-4 test vectors and Node's own digest across the padding
// boundaries (55/56/63/64 bytes decide whether the length needs a second block) and multi-byte UTF-8.
describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
  ])("hashes %j to the published vector", (input, expected) => {
    expect(sha256Hex(input)).toBe(expected);
  });

  it.each([1, 55, 56, 63, 64, 65, 119, 120, 1000])("agrees with node:crypto for %i bytes", (size) => {
    const input = "x".repeat(size);
    expect(sha256Hex(input)).toBe(createHash("sha256").update(input).digest("hex"));
  });

  it("hashes the UTF-8 bytes of non-ASCII text", () => {
    const input = "1717171717171:usuário-日本-🎉";
    expect(sha256Hex(input)).toBe(createHash("sha256").update(input, "utf8").digest("hex"));
  });
});
