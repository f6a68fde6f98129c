import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Provider tokens at rest (issue 18): AES-256-GCM with a key from configuration, so a database dump alone
// never grants access to a calendar or a Zoom account. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).

export interface TokenCipher {
  encrypt(plain: string): string;
  /** Throws when the value was not sealed with this key (tampered, or the key changed). */
  decrypt(sealed: string): string;
}

/**
 * The key: TOKEN_ENCRYPTION_KEY when set (32 bytes, base64 or hex), else derived from the auth secret with
 * HKDF so an embedded install needs no setting (every process shares AUTH_SECRET already).
 */
export function tokenKeyFrom({ configuredKey, authSecret }: { configuredKey?: string; authSecret: string }): Buffer {
  if (configuredKey) {
    const key = /^[0-9a-f]{64}$/i.test(configuredKey) ? Buffer.from(configuredKey, "hex") : Buffer.from(configuredKey, "base64");
    if (key.length !== 32) throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64).");
    return key;
  }
  return Buffer.from(hkdfSync("sha256", authSecret, "parley", "provider-token-encryption", 32));
}

export function createTokenCipher(key: Buffer): TokenCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not a sealed token");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
