import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

// The bot's credential for its HTTP callbacks (issue 6: the bot talks to the rest only through the queue
// and signed callbacks, never the database). One token per bot run, made by the launcher:
// base64url(JSON payload) "." base64url(HMAC-SHA256(secret, purpose + payload)). It names the bot, its note
// and owner, and expires; verification is constant-time and checks the expiry.

const purpose = "parley-bot-callback\n";

export const botTokenPayload = z
  .object({
    botId: z.uuid(),
    noteId: z.uuid(),
    userId: z.string().min(1),
    /** Milliseconds since the epoch. */
    expiresAt: z.number().int().positive(),
  })
  .strict();
export type BotTokenPayload = z.infer<typeof botTokenPayload>;

function sign(secret: string, encodedPayload: string): Buffer {
  return createHmac("sha256", secret).update(purpose).update(encodedPayload).digest();
}

export function createBotToken(secret: string, payload: BotTokenPayload): string {
  if (secret.length < 32) throw new Error("the bot token secret needs 32+ characters");
  const encoded = Buffer.from(JSON.stringify(botTokenPayload.parse(payload))).toString("base64url");
  return `${encoded}.${sign(secret, encoded).toString("base64url")}`;
}

/** The token's payload when it is ours, intact and not expired; null otherwise (never says which). */
export function verifyBotToken(secret: string, token: string, now = Date.now()): BotTokenPayload | null {
  if (token.length > 2_000) return null;
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return null;
  const expected = sign(secret, encoded);
  const given = Buffer.from(signature, "base64url");
  // timingSafeEqual needs equal lengths; a wrong length is simply not ours.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = botTokenPayload.safeParse(decoded);
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
}
