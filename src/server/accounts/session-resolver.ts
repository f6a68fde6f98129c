import { findUserPayload } from "~/core/accounts/data";
import type { Auth } from "~/infra/auth/create-auth";
import type { Database } from "~/infra/db/client";
import type { AccountSummary } from "~/shared/accounts/account-summary";
import type { UserPayload } from "~/shared/accounts/user-payload";
import type { Viewer } from "~/shared/routing/decide-route";

export interface SignedIn {
  userId: string;
  isBanned: boolean;
  isAdmin: boolean;
  /**
   * The user's payload (user data, providers): read on demand, once. Most API calls need only the id, and
   * the two queries behind the payload were most of a signed-in call's cost (npm run bench:api).
   */
  payload(): Promise<UserPayload>;
}

export type ResolveSession = (headers: Headers) => Promise<SignedIn | null>;

/** Reads the session from the cookie or an `Authorization: Bearer` token (interpretations 2). */
export function createSessionResolver(auth: Auth, db: Database): ResolveSession {
  return async (headers) => {
    const cookie = headers.get("Cookie") ?? "";
    if (!cookie.includes("parley.session_token") && !/^Bearer\s/i.test(headers.get("Authorization") ?? "")) return null;
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!session) return null;
    const userId = session.user.id;
    let loaded: Promise<UserPayload> | null = null;
    const banExpires = session.user.banExpires ? new Date(session.user.banExpires).getTime() : null;
    const isBanned = Boolean(session.user.banned) && (banExpires === null || banExpires > Date.now());
    return {
      userId,
      isBanned,
      isAdmin: session.user.role === "admin",
      payload: () => {
        loaded ??= findUserPayload(db, { userId }).then((payload) => {
          // The session's user row exists (it was just read with the session); only a delete in between loses it.
          if (!payload) throw new Error("the signed-in user is gone");
          return payload;
        });
        return loaded;
      },
    };
  };
}

/** The routing rules' view of a user (spec section 2) on this server (payments on or off, decision 022). */
export function toViewer(payload: UserPayload, { paymentsOn }: { paymentsOn: boolean }): Viewer {
  const usesPassword = payload.providerData.some((provider) => provider.providerId === "credential");
  return {
    // spec section 5: password-provider users with an unverified e-mail are flagged.
    needsVerification: usesPassword && !payload.emailVerified,
    hasFinishedOnboarding: payload.onboarding.onboarding_completed === true,
    isPro: payload.subscription?.isActive === true,
    isAdmin: payload.role === "admin",
    hasSeenPaywall: payload.onboarding.seenPaywall === true,
    paymentsOn,
  };
}

export function toAccountSummary(payload: UserPayload): AccountSummary {
  return {
    id: payload.userId,
    email: payload.email,
    name: payload.name,
    photoURL: payload.photoURL,
    language: payload.settings.language,
    role: payload.role,
  };
}
