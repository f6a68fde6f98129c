import { setSessionHandlers } from "~/app/api/api-client";
import { clearCsrfToken } from "~/app/api/csrf-token";
import { stopLiveEvents } from "~/app/api/live-events";
import { type Locale, localizePath, splitLocale } from "~/shared/i18n/locales";

// spec section 4 "Authentication": on sign-in store the user, apply the language preference if supported,
// set the local-storage flag; on sign-out remove it and reload if a user was present.
export const signedInFlag = "parley.isSignedIn";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  language: string | null;
}

let currentUser: SignedInUser | null = null;

/** Stores the user; returns the locale the pages should be in (the user's choice when supported). */
export function onSignedIn(user: SignedInUser, pageLocale: Locale): Locale {
  currentUser = user;
  try {
    window.localStorage.setItem(signedInFlag, "true");
  } catch {
    // Private mode may refuse storage; the flag only speeds up the next visit.
  }
  return user.language === "en" || user.language === "es" || user.language === "pt" ? user.language : pageLocale;
}

/** Forgets the signed-in state in this browser only (the server already ended the session, e.g. account deleted). */
export function forgetSignedIn(): void {
  currentUser = null;
  clearCsrfToken();
  try {
    window.localStorage.removeItem(signedInFlag);
  } catch {
    // See onSignedIn.
  }
}

/** Signs out on the server, forgets the token and the flag, then leaves for `to` (default: this page reloaded). */
export async function signOut({ to }: { to?: string } = {}): Promise<void> {
  const hadUser = currentUser !== null || window.localStorage.getItem(signedInFlag) !== null;
  // The live stream would reconnect into a 401 once the session is gone, while the page is still leaving.
  stopLiveEvents();
  try {
    await fetch("/api/auth/sign-out", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
  } finally {
    forgetSignedIn();
  }
  if (to) window.location.assign(to);
  else if (hadUser) window.location.reload();
}

/** spec section 8: 401 -> sign out and go to /login (with next); user_banned -> /sso?banned=true. */
export function installSessionHandlers(): void {
  setSessionHandlers({
    onUnauthenticated() {
      const { locale, path } = splitLocale(window.location.pathname);
      const next = `${path}${window.location.search}`;
      void signOut({ to: `${localizePath("/login", locale)}?next=${encodeURIComponent(next)}` });
    },
    onBanned() {
      const { locale } = splitLocale(window.location.pathname);
      void signOut({ to: `${localizePath("/sso", locale)}?banned=true` });
    },
  });
}
