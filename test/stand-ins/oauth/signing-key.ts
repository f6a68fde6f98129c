import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

/** The RS256 key a stand-in signs ID tokens with, generated at start; its public half is the JWKS. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  sign(claims: JWTPayload, options: { issuer: string; audience: string; lifetimeSeconds?: number }): Promise<string>;
}

export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return {
    kid,
    privateKey,
    publicJwk,
    sign: (claims, { issuer, audience, lifetimeSeconds = 3600 }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(privateKey),
  };
}
