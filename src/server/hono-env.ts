import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { BotTokenPayload } from "../core/meetings/bot-token";
import type { SignedIn } from "./accounts/session-resolver";

/** Variables every request carries through the Hono app. */
export type AppEnv = { Variables: RequestIdVariables & SecureHeadersVariables };

/** API requests also carry the resolved session (null when anonymous), and bot callbacks their verified token. */
export type ApiEnv = {
  Variables: RequestIdVariables & SecureHeadersVariables & { signedIn: SignedIn | null; botToken?: BotTokenPayload };
};
