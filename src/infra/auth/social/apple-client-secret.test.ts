import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { appleClientSecretSource, appleMaxLifetimeSeconds, signAppleClientSecret } from "./apple-client-secret";

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const settings = {
  clientId: "app.parley.web",
  teamId: "TEAM123456",
  keyId: "KEY1234567",
  privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  audience: "https://appleid.apple.com",
};
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();

describe("Apple client secret", () => {
  it("is an ES256 JWT with kid = key id, iss = team, sub = client, aud = Apple, within six months", async () => {
    const now = 1_800_000_000;
    const secret = await signAppleClientSecret(settings, now);
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "KEY1234567" });
    const { payload } = await jwtVerify(secret, await importSPKI(publicPem, "ES256"), { currentDate: new Date(now * 1000) });
    expect(payload).toMatchObject({ iss: "TEAM123456", sub: "app.parley.web", aud: "https://appleid.apple.com", iat: now });
    expect(payload.exp).toBeGreaterThan(now);
    expect((payload.exp ?? 0) - now).toBeLessThanOrEqual(appleMaxLifetimeSeconds);
  });

  it("accepts the key with escaped newlines, as a one-line env value", async () => {
    const oneLine = { ...settings, privateKey: settings.privateKey.replace(/\n/g, "\\n") };
    const secret = await signAppleClientSecret(oneLine, 1_800_000_000);
    const key = await importSPKI(publicPem, "ES256");
    await expect(jwtVerify(secret, key, { currentDate: new Date(1_800_000_000_000) })).resolves.toBeTruthy();
  });

  it("is not verified by another key", async () => {
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    const secret = await signAppleClientSecret(settings, 1_800_000_000);
    await expect(jwtVerify(secret, await importSPKI(other, "ES256"), { currentDate: new Date(1_800_000_000_000) })).rejects.toThrow();
  });

  it("is cached, and signed again when less than an hour is left", async () => {
    let nowMs = 1_800_000_000_000;
    const source = appleClientSecretSource(settings, () => nowMs);
    const first = await source();
    nowMs += 60 * 60 * 1000;
    expect(await source()).toBe(first);
    nowMs += 22 * 60 * 60 * 1000 + 1000;
    const renewed = await source();
    expect(renewed).not.toBe(first);
    const { payload } = await jwtVerify(renewed, await importSPKI(publicPem, "ES256"), { currentDate: new Date(nowMs) });
    expect(payload.iat).toBe(Math.floor(nowMs / 1000));
  });
});
