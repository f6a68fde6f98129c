import { describe, expect, it } from "vitest";
import { paddleSignatureOf, verifyPaddleSignature } from "./webhook-signature";

// Paddle-Signature as Paddle computes it (research section 1.3, the SDK's own known-answer vector), and
// what a forger, a replayer or a broken proxy gets.
const secret = "VALID_SECRET";
const ts = 1698796800;
const body = '{"data": ["1", "2"]}';
const kat = "a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9";
const check = (header: string | null, options: { rawBody?: string; nowSeconds?: number; toleranceSeconds?: number } = {}) =>
  verifyPaddleSignature({
    secret,
    header,
    rawBody: options.rawBody ?? body,
    toleranceSeconds: options.toleranceSeconds ?? 300,
    nowSeconds: options.nowSeconds ?? ts + 1,
  });

describe("Paddle webhook signature", () => {
  it("computes the known-answer vector of Paddle's SDK", () => {
    expect(paddleSignatureOf(secret, ts, body)).toBe(kat);
  });

  it("accepts the vector's header, in upper-case hex too", () => {
    expect(check(`ts=${ts};h1=${kat}`)).toEqual({ isValid: true, timestamp: ts });
    expect(check(`ts=${ts};h1=${kat.toUpperCase()}`).isValid).toBe(true);
  });

  it("refuses a body changed by one character", () => {
    expect(check(`ts=${ts};h1=${kat}`, { rawBody: '{"data": ["1", "3"]}' })).toEqual({ isValid: false, reason: "mismatch" });
    // Re-serialized JSON is another body: the raw bytes are what is signed.
    expect(check(`ts=${ts};h1=${kat}`, { rawBody: JSON.stringify(JSON.parse(body)) }).isValid).toBe(false);
  });

  it("refuses a signature made with another secret", () => {
    const forged = paddleSignatureOf("pdl_ntfset_someone_else", ts, body);
    expect(check(`ts=${ts};h1=${forged}`)).toEqual({ isValid: false, reason: "mismatch" });
  });

  it("refuses a signature moved to another timestamp", () => {
    expect(check(`ts=${ts + 1};h1=${kat}`, { nowSeconds: ts + 1 })).toEqual({ isValid: false, reason: "mismatch" });
  });

  it("refuses a stale delivery and one dated in the future, at the tolerance's edge", () => {
    expect(check(`ts=${ts};h1=${kat}`, { nowSeconds: ts + 300 }).isValid).toBe(true);
    expect(check(`ts=${ts};h1=${kat}`, { nowSeconds: ts + 301 })).toEqual({ isValid: false, reason: "stale" });
    expect(check(`ts=${ts};h1=${kat}`, { nowSeconds: ts - 300 }).isValid).toBe(true);
    expect(check(`ts=${ts};h1=${kat}`, { nowSeconds: ts - 301 })).toEqual({ isValid: false, reason: "stale" });
    expect(check(`ts=${ts};h1=${kat}`, { nowSeconds: ts + 10, toleranceSeconds: 5 })).toEqual({ isValid: false, reason: "stale" });
  });

  it("accepts a matching h1 wherever it is while the secret rotates, in either order", () => {
    const other = paddleSignatureOf("pdl_ntfset_old_secret", ts, body);
    expect(check(`ts=${ts};h1=${other};h1=${kat}`).isValid).toBe(true);
    expect(check(`ts=${ts};h1=${kat};h1=${other}`).isValid).toBe(true);
    expect(check(`ts=${ts};h1=${other};h1=${other}`).isValid).toBe(false);
  });

  it("ignores keys of other schemes but needs a ts and an h1", () => {
    expect(check(`ts=${ts};h2=abc;h1=${kat}`).isValid).toBe(true);
    for (const header of [
      null,
      "",
      `h1=${kat}`,
      `ts=${ts}`,
      `ts=${ts};h2=${kat}`,
      `ts=;h1=${kat}`,
      `ts=abc;h1=${kat}`,
      `ts=${ts};ts=${ts};h1=${kat}`,
      `ts=${ts};h1=${kat.slice(2)}`,
      `ts=${ts};h1=${kat.replace("a", "z")}`,
      `ts=${ts},h1=${kat}`,
      `ts=${ts};;h1=${kat}`,
    ]) {
      expect(check(header), String(header)).toEqual({ isValid: false, reason: "malformed" });
    }
  });
});
