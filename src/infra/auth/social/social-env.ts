import { z } from "zod";

// Sign-in providers' settings. A provider is on when its client id (Apple: client id, team id, key id
// and private key) is set; its endpoints default to the real service, so tests point them at the
// stand-ins in test/stand-ins/oauth and production changes nothing but the credentials.
const url = (fallback: string) => z.url().default(fallback);

export const socialEnvShape = {
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: url("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: url("https://oauth2.googleapis.com/token"),
  GOOGLE_JWKS_URL: url("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUER: z.string().min(1).default("https://accounts.google.com"),
  /** Google Identity Services script for One Tap (a stand-in serves it in tests). */
  GOOGLE_GSI_CLIENT_URL: url("https://accounts.google.com/gsi/client"),

  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: url("https://www.facebook.com/v24.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: url("https://graph.facebook.com/v24.0/oauth/access_token"),
  FACEBOOK_USERINFO_URL: url("https://graph.facebook.com/v24.0/me"),

  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  /** The .p8 key (PKCS#8 PEM; `\n` escapes allowed) that signs the ES256 client secret. */
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_AUTHORIZATION_URL: url("https://appleid.apple.com/auth/authorize"),
  APPLE_TOKEN_URL: url("https://appleid.apple.com/auth/token"),
  APPLE_JWKS_URL: url("https://appleid.apple.com/auth/keys"),
  APPLE_ISSUER: z.string().min(1).default("https://appleid.apple.com"),

  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z.string().min(1).default("common"),
  /** Endpoints are `${authority}/${tenant}/oauth2/v2.0/{authorize,token}` and `/discovery/v2.0/keys`. */
  MICROSOFT_AUTHORITY: url("https://login.microsoftonline.com"),
};

/** The parsed social settings (a slice of the server's Env). */
export type SocialEnv = z.infer<z.ZodObject<typeof socialEnvShape>>;
