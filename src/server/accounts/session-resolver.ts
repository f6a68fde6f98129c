import { findUserPayload } from "../../core/accounts/data";
import type { Auth } from "../../infra/auth/create-auth";
import type { Database } from "../../infra/db/client";
import type { AccountSummary } from "../../shared/accounts/account-summary";
import type { UserPayload } from "../../shared/accounts/user-payload";
import type { Viewer } from "../../shared/routing/decide-route";

export interface SignedIn {
  userId: string;
  isBanned: boolean;
  payload: UserPayload;
}

export type ResolveSession = (headers: Headers) => Promise<SignedIn | null>;

/** Reads the session from the cookie or an `Authorization: Bearer` token (interpretations 2). */
export function createSessionResolver(auth: Auth, db: Database): ResolveSession {
  return async (headers) => {
    const cookie = headers.get("Cookie") ?? "";
    if (!cookie.includes("parley.session_token") && !/^Bearer\s/i.test(headers.get("Authorization") ?? "")) return null;
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!session) return null;
    const payload = await findUserPayload(db, { userId: session.user.id });
    if (!payload) return null;
    const banExpires = session.user.banExpires ? new Date(session.user.banExpires).getTime() : null;
    const isBanned = Boolean(session.user.banned) && (banExpires === null || banExpires > Date.now());
    return { userId: session.user.id, isBanned, payload };
  };
}

/** The routing rules' view of a user (spec section 2). */
export function toViewer(payload: UserPayload): Viewer {
  const usesPassword = payload.providerData.some((provider) => provider.providerId === "credential");
  return {
    // spec section 5: password-provider users with an unverified e-mail are flagged.
    needsVerification: usesPassword && !payload.emailVerified,
    hasFinishedOnboarding: payload.onboarding.onboarding_completed === true,
    isPro: payload.subscription?.isActive === true,
    isAdmin: payload.role === "admin",
    hasSeenPaywall: payload.onboarding.seenPaywall === true,
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
