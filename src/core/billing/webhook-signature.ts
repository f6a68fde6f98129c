import { createHmac, timingSafeEqual } from "node:crypto";

// Paddle-Signature: `ts=<unix seconds>;h1=<hex HMAC-SHA256(secret, ts + ":" + raw body)>`, where Paddle may
// send several h1 while it rotates secrets. Our own check instead of the SDK's (known-traps: the SDK keeps
// only the last h1, compares with ===, and allows 5 s into the past but every time into the future).

export type SignatureCheck = { isValid: true; timestamp: number } | { isValid: false; reason: "malformed" | "stale" | "mismatch" };

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) return null;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === "ts") {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === "h1") {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Other keys (a future scheme) are ignored, as Paddle asks.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** The h1 Paddle computes for a body at a time (tests and the stand-in sign with the same function). */
export function paddleSignatureOf(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}:${rawBody}`).digest("hex");
}

/**
 * Checks a Paddle-Signature header over the raw body: one matching h1 is enough (compared in constant time), and
 * the timestamp must be within `toleranceSeconds` of now either way (a replayed old delivery is stale; one
 * dated in the future is as suspect).
 */
export function verifyPaddleSignature({
  secret,
  header,
  rawBody,
  toleranceSeconds,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  secret: string;
  header: string | null | undefined;
  rawBody: string;
  toleranceSeconds: number;
  nowSeconds?: number;
}): SignatureCheck {
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return { isValid: false, reason: "malformed" };
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return { isValid: false, reason: "stale" };
  const expected = Buffer.from(paddleSignatureOf(secret, parsed.timestamp, rawBody), "hex");
  let isMatch = false;
  for (const signature of parsed.signatures) {
    const given = Buffer.from(signature, "hex");
    // Every h1 is compared (no early exit), so the time taken says nothing about which one matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) isMatch = true;
  }
  return isMatch ? { isValid: true, timestamp: parsed.timestamp } : { isValid: false, reason: "mismatch" };
}
