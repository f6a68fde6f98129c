import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

/** The per-account sign-in limit (core/sign-in-limits), keyed by the e-mail as typed. */
export interface SignInLimit {
  isLocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

/**
 * Issue 21: password sign-in limited per account as well as per address. A locked address is refused before
 * its password is checked, with the code of the per-address limit (its translated 429); a wrong password
 * counts against the address typed, a right one clears its count.
 */
export function signInLimitPlugin(limit: SignInLimit | undefined) {
  // No limit given (some tests): the hooks never match.
  const passwordSignIn = (ctx: { path?: string }) => limit !== undefined && ctx.path === "/sign-in/email";
  return {
    id: "parley-sign-in-limit",
    hooks: {
      before: [
        {
          matcher: passwordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email;
            if (typeof email !== "string" || !(await limit?.isLocked(email))) return;
            throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts." });
          }),
        },
      ],
      after: [
        {
          matcher: passwordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email;
            if (typeof email !== "string") return;
            const returned: unknown = ctx.context.returned;
            if (!(returned instanceof APIError)) await limit?.recordSuccess(email);
            else if (returned.body?.code === "INVALID_EMAIL_OR_PASSWORD") await limit?.recordFailure(email);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
