import { describe, expect, it } from "vitest";
import { createBotToken, verifyBotToken } from "./bot-token";

const secret = "bot-secret-bot-secret-bot-secret-0123";
const now = Date.parse("2026-11-23T12:00:00Z");
const payload = {
  botId: "6f1c1a52-0b6e-4f1e-9d2a-1c3e5b7a9d01",
  noteId: "0d3c2a9e-3f0b-4b8e-9a51-6a2f7d1c0b11",
  userId: "ana",
  expiresAt: now + 6 * 3600_000,
};

describe("bot callback tokens", () => {
  it("verify what was signed, until they expire", () => {
    const token = createBotToken(secret, payload);
    expect(verifyBotToken(secret, token, now)).toEqual(payload);
    expect(verifyBotToken(secret, token, payload.expiresAt - 1)).toEqual(payload);
    expect(verifyBotToken(secret, token, payload.expiresAt)).toBeNull();
  });

  it("refuse a changed payload, a changed or truncated signature, another secret and junk", () => {
    const token = createBotToken(secret, payload);
    const [encoded, signature] = token.split(".") as [string, string];
    const otherNote = Buffer.from(JSON.stringify({ ...payload, noteId: "11111111-2222-4333-8444-555555555555" })).toString("base64url");
    expect(verifyBotToken(secret, `${otherNote}.${signature}`, now)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "AB" : "AA"}`;
    expect(verifyBotToken(secret, `${encoded}.${flipped}`, now)).toBeNull();
    expect(verifyBotToken(secret, `${encoded}.${signature.slice(0, 10)}`, now)).toBeNull();
    expect(verifyBotToken(`${secret}x`, token, now)).toBeNull();
    for (const junk of ["", ".", "abc", `${token}.x`, "a".repeat(3_000)]) expect(verifyBotToken(secret, junk, now)).toBeNull();
  });

  it("are not made with a short secret or a payload that is not a bot's", () => {
    expect(() => createBotToken("short", payload)).toThrow(/32\+ characters/);
    expect(() => createBotToken(secret, { ...payload, botId: "not-a-uuid" })).toThrow();
  });
});
