import { createHmac, timingSafeEqual } from "node:crypto";
import { signatureBase, signatureWindowMs } from "~/shared/analytics/gateway-protocol";

// interpretations 26: rs = hex(HMAC_SHA256(secret, ts + "\n" + path + "\n" + rawBody)). The path is the
// gateway's route ("/log/web"), not where it is mounted, so the web's /analytics mount and a separate
// analytics host verify the same signature.

export function signRequest(secret: string, ts: string, path: string, rawBody: string): string {
  return createHmac("sha256", secret)
    .update(signatureBase(ts, path, rawBody))
    .digest("hex");
}

export type SignatureCheck = "ok" | "stale" | "invalid";

export function checkSignature(input: {
  secret: string;
  ts: string | undefined;
  rs: string | undefined;
  path: string;
  rawBody: string;
  now: number;
}): SignatureCheck {
  const { ts, rs } = input;
  if (!ts || !/^\d{1,16}$/.test(ts) || Math.abs(input.now - Number(ts)) > signatureWindowMs) return "stale";
  if (!rs || !/^[0-9a-f]{64}$/i.test(rs)) return "invalid";
  const expected = Buffer.from(signRequest(input.secret, ts, input.path, input.rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(rs, "hex")) ? "ok" : "invalid";
}
