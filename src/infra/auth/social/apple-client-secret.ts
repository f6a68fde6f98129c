import { importPKCS8, SignJWT } from "jose";

export interface AppleKeySettings {
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the .p8 key; `\n` escapes (one-line env values) are accepted. */
  privateKey: string;
  /** The client secret's `aud`: Apple's issuer, `https://appleid.apple.com`. */
  audience: string;
}

// Apple refuses client secrets that live longer than 15777000 s (six months, "Creating a client
// secret"). A day is plenty and keeps a leaked secret short-lived; a new one is signed an hour early.
const lifetimeSeconds = 24 * 60 * 60;
const renewBeforeSeconds = 60 * 60;
export const appleMaxLifetimeSeconds = 15_777_000;

/** Signs the ES256 client secret Apple wants at its token endpoint. */
export async function signAppleClientSecret(settings: AppleKeySettings, nowSeconds: number): Promise<string> {
  const key = await importPKCS8(settings.privateKey.replace(/\\n/g, "\n"), "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: settings.keyId })
    .setIssuer(settings.teamId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + lifetimeSeconds)
    .setAudience(settings.audience)
    .setSubject(settings.clientId)
    .sign(key);
}

/** A cached client secret, signed again when it has less than an hour left. */
export function appleClientSecretSource(settings: AppleKeySettings, now: () => number = () => Date.now()) {
  let cached: { secret: string; expiresAt: number } | null = null;
  return async (): Promise<string> => {
    const nowSeconds = Math.floor(now() / 1000);
    if (cached && cached.expiresAt - renewBeforeSeconds > nowSeconds) return cached.secret;
    const secret = await signAppleClientSecret(settings, nowSeconds);
    cached = { secret, expiresAt: nowSeconds + lifetimeSeconds };
    return secret;
  };
}
