import type { Database } from "~/infra/db/client";
import { findSignInLock } from "./data";
import { clearFailedSignIns, recordFailedSignIn } from "./mutations";

/** What better-auth's sign-in hooks call (infra/auth/create-auth.ts): the per-account limit on this database. */
export function accountSignInLimit(db: Database, clock: () => Date = () => new Date()) {
  return {
    isLocked: async (email: string) => (await findSignInLock(db, { email, at: clock() })) !== null,
    recordFailure: async (email: string) => {
      await recordFailedSignIn(db, { email, at: clock() });
    },
    recordSuccess: (email: string) => clearFailedSignIns(db, { email }),
  };
}
