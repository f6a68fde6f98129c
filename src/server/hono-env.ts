import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";

/** Variables every request carries through the Hono app. */
export type AppEnv = { Variables: RequestIdVariables & SecureHeadersVariables };
