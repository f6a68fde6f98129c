import { writeCookie } from "~/app/ui/write-cookie";
import {
  type Attribution,
  captureAttribution,
  firstTouch,
  parseStoredAttribution,
  serializeAttribution,
  trackerName,
} from "~/shared/analytics/attribution";
import { readCookie } from "~/shared/cookies";

// Where the browser keeps the first campaign visit until the user data loads (issue 20): localStorage and a
// first-party cookie, so the static marketing pages (no React) and the React app read the same value, and
// a browser that refuses storage still has the cookie. Imported by the static-page enhancer: keep it small.

export const attributionStorageKey = "parley.attribution";
export const attributionCookieName = "parley_attribution";
// Google Ads' longest conversion window is 90 days: a click older than that is not attributed anyway.
const attributionMaxAgeSeconds = 90 * 24 * 60 * 60;

function readLocal(): string | null {
  try {
    return window.localStorage.getItem(attributionStorageKey);
  } catch {
    return null; // Storage refused (private mode, blocked): the cookie still has it.
  }
}

/** The kept first-touch attribution (localStorage first, then the cookie), or null; null on the server. */
export function readStoredAttribution(): Attribution | null {
  if (typeof window === "undefined") return null;
  return parseStoredAttribution(readLocal()) ?? parseStoredAttribution(readCookie(document.cookie, attributionCookieName));
}

function keep(attribution: Attribution): void {
  const text = serializeAttribution(attribution);
  try {
    window.localStorage.setItem(attributionStorageKey, text);
  } catch {
    // See readLocal.
  }
  writeCookie(attributionCookieName, text, attributionMaxAgeSeconds);
}

/**
 * Called on every page load (static pages and the React app): a visit whose address carries utm_ parameters
 * or a click id is kept unless an earlier one already is (first touch wins). Answers what is kept.
 */
export function rememberLandingAttribution(now = Date.now()): Attribution | null {
  const stored = readStoredAttribution();
  const landing = stored
    ? null
    : captureAttribution({ url: new URL(window.location.href), cookieHeader: document.cookie, userAgent: navigator.userAgent, now });
  const kept = firstTouch(stored, landing);
  if (kept && kept === landing) keep(kept);
  return kept;
}

/** The analytics client's `trackerName` option (spec 9): the kept campaign's name, or null. */
export function currentTrackerName(): string | null {
  return trackerName(readStoredAttribution());
}
