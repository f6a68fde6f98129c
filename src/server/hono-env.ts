import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { SignedIn } from "./accounts/session-resolver";

/** Variables every request carries through the Hono app. */
export type AppEnv = { Variables: RequestIdVariables & SecureHeadersVariables };

/** API requests also carry the resolved session (null when anonymous). */
export type ApiEnv = { Variables: RequestIdVariables & SecureHeadersVariables & { signedIn: SignedIn | null } };
