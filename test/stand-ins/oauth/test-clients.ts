import { generateKeyPairSync } from "node:crypto";

// The OAuth clients the app and the stand-ins agree on in tests. No jose here: playwright.config.ts
// imports this file before anything starts, so it stays on node:crypto and synchronous calls.

export interface AppleClientKey {
  /** PKCS#8 PEM: the app's APPLE_PRIVATE_KEY. */
  privateKeyPem: string;
  /** SPKI PEM: what the stand-in checks the client secret with. */
  publicKeyPem: string;
}

export interface StandInClients {
  google: { clientId: string; clientSecret: string };
  facebook: { clientId: string; clientSecret: string };
  apple: { clientId: string; teamId: string; keyId: string; publicKeyPem: string };
  microsoft: { clientId: string; clientSecret: string; tenant: string };
}

/** A fresh ES256 key, as Apple hands out a .p8 file per key id. */
export function generateAppleClientKey(): AppleClientKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export function standInClients(applePublicKeyPem: string): StandInClients {
  return {
    google: { clientId: "parley-test.apps.googleusercontent.com", clientSecret: "google-test-secret" },
    facebook: { clientId: "100200300400500", clientSecret: "facebook-test-secret" },
    apple: { clientId: "app.parley.test.web", teamId: "TEAMTEST01", keyId: "KEYTEST001", publicKeyPem: applePublicKeyPem },
    microsoft: { clientId: "6f1e2d3c-0000-4000-8000-00000000a11e", clientSecret: "microsoft-test-secret", tenant: "common" },
  };
}

/** The app's environment that points all four providers and One Tap at stand-ins served from `baseUrl`. */
export function standInSocialEnv(baseUrl: string, appleKey: AppleClientKey): Record<string, string> {
  const clients = standInClients(appleKey.publicKeyPem);
  return {
    GOOGLE_CLIENT_ID: clients.google.clientId,
    GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
    GOOGLE_AUTHORIZATION_URL: `${baseUrl}/google/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${baseUrl}/google/token`,
    GOOGLE_JWKS_URL: `${baseUrl}/google/oauth2/v3/certs`,
    GOOGLE_ISSUER: `${baseUrl}/google`,
    GOOGLE_GSI_CLIENT_URL: `${baseUrl}/google/gsi/client`,
    FACEBOOK_CLIENT_ID: clients.facebook.clientId,
    FACEBOOK_CLIENT_SECRET: clients.facebook.clientSecret,
    FACEBOOK_AUTHORIZATION_URL: `${baseUrl}/facebook/v24.0/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${baseUrl}/facebook/v24.0/oauth/access_token`,
    FACEBOOK_USERINFO_URL: `${baseUrl}/facebook/v24.0/me`,
    APPLE_CLIENT_ID: clients.apple.clientId,
    APPLE_TEAM_ID: clients.apple.teamId,
    APPLE_KEY_ID: clients.apple.keyId,
    APPLE_PRIVATE_KEY: appleKey.privateKeyPem,
    APPLE_AUTHORIZATION_URL: `${baseUrl}/apple/auth/authorize`,
    APPLE_TOKEN_URL: `${baseUrl}/apple/auth/token`,
    APPLE_JWKS_URL: `${baseUrl}/apple/auth/keys`,
    APPLE_ISSUER: `${baseUrl}/apple`,
    MICROSOFT_CLIENT_ID: clients.microsoft.clientId,
    MICROSOFT_CLIENT_SECRET: clients.microsoft.clientSecret,
    MICROSOFT_TENANT_ID: clients.microsoft.tenant,
    MICROSOFT_AUTHORITY: `${baseUrl}/microsoft`,
  };
}
