import type { Context, MiddlewareHandler } from "hono";
import type { SignedIn } from "../accounts/session-resolver";
import type { ApiEnv } from "../hono-env";
import { AppError } from "./api-error";

/** spec sections 5 and 8: every product call needs a signed-in user (401); a banned one gets 403 user_banned. */
export function requireUser(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const signedIn = c.get("signedIn");
    if (!signedIn) throw new AppError("UNAUTHENTICATED");
    if (signedIn.isBanned) throw new AppError("user_banned");
    return next();
  };
}

/** The signed-in user of a route behind requireUser(). */
export function currentUser(c: Context<ApiEnv>): SignedIn {
  const signedIn = c.get("signedIn");
  if (!signedIn) throw new AppError("UNAUTHENTICATED");
  return signedIn;
}
