import { createHmac, timingSafeEqual } from "node:crypto";

// better-auth's session cookie is `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`
// (better-call's signCookieValue). Checking it here, synchronously, spares a signed-in call better-auth's
// router; a cookie that does not verify is no session, exactly as better-auth treats it.

/** The cookie's value from a Cookie header (the first one of that name, as better-call reads it). */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token a signed cookie value carries, or null when its signature is not ours. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
