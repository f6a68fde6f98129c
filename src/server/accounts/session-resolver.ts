import { findUserPayload } from "~/core/accounts/data";
import { findSessionByToken, type SessionRow } from "~/core/accounts/data/session-lookup";
import type { Auth } from "~/infra/auth/create-auth";
import type { Database } from "~/infra/db/client";
import type { AccountSummary } from "~/shared/accounts/account-summary";
import type { UserPayload } from "~/shared/accounts/user-payload";
import type { Viewer } from "~/shared/routing/decide-route";
import { cookieValue, verifiedToken } from "./session-cookie";

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

interface CookieCheck {
  secret: string;
  cookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/**
 * Reads the session from the cookie or an `Authorization: Bearer` token (interpretations 2).
 *
 * The hot path (issue 22, decision 026): a session cookie is verified here (HMAC, no I/O) and its session
 * and user come from one prepared query, so a signed-in call costs one query, not better-auth's router
 * and two. Nothing is cached: a sign-out or a ban lands on the very next call. Bearer tokens, and a
 * session that better-auth would extend now (sliding expiry, once a day), go through getSession.
 */
export function createSessionResolver(auth: Auth, db: Database): ResolveSession {
  let check: Promise<CookieCheck> | null = null;
  const cookieCheck = () =>
    (check ??= auth.$context.then((context) => ({
      secret: context.secret,
      cookieName: context.authCookies.sessionToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));
  return async (headers) => {
    const cookie = headers.get("Cookie") ?? "";
    const isBearer = /^Bearer\s/i.test(headers.get("Authorization") ?? "");
    if (!cookie.includes("parley.session_token") && !isBearer) return null;
    if (!isBearer) {
      const { secret, cookieName, expiresInMs, updateAgeMs } = await cookieCheck();
      const signed = cookieValue(cookie, cookieName);
      const token = signed ? verifiedToken(signed, secret) : null;
      if (!token) return null;
      const row = await findSessionByToken(db, token);
      const now = Date.now();
      if (!row || row.expiresAt.getTime() <= now) return null;
      // better-auth's own rule for extending a session; that call writes, so it stays better-auth's.
      const isRefreshDue = row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now;
      if (!isRefreshDue) return signedIn(db, row);
    }
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!session) return null;
    return signedIn(db, {
      userId: session.user.id,
      role: session.user.role ?? "user",
      banned: Boolean(session.user.banned),
      banExpires: session.user.banExpires ? new Date(session.user.banExpires) : null,
    });
  };
}

function signedIn(db: Database, row: Omit<SessionRow, "expiresAt">): SignedIn {
  const { userId } = row;
  let loaded: Promise<UserPayload> | null = null;
  const banExpires = row.banExpires ? row.banExpires.getTime() : null;
  return {
    userId,
    isBanned: row.banned && (banExpires === null || banExpires > Date.now()),
    isAdmin: row.role === "admin",
    payload: () => {
      loaded ??= findUserPayload(db, { userId }).then((payload) => {
        // The session's user row exists (it was just read with the session); only a delete in between loses it.
        if (!payload) throw new Error("the signed-in user is gone");
        return payload;
      });
      return loaded;
    },
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
