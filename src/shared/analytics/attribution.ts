import { readCookie } from "../cookies";

// Marketing attribution (spec sections 3, 7 and 9): the utm_ parameters and ad click ids of the visit that
// brought someone here, kept until they sign up and then stored on their account. Pure: the browser parts
// (storage, the call after user data) live in app/features/attribution. No zod here on purpose: the
// static-page enhancer bundles this file and must stay tiny (decision 010); what it reads back from
// storage is checked by hand in `parseStoredAttribution`, and the server validates the call with zod.

/** spec section 3 "Tracking click ids". */
export const clickIdNames = ["gclid", "fbc", "fbp", "ttclid", "ttp", "ua"] as const;
export type ClickIdName = (typeof clickIdNames)[number];
export type ClickIds = Partial<Record<ClickIdName, string>>;

/** utm_source, utm_medium, ... and any other utm_ parameter (spec 9: "attribution keeps utm_ parameters"). */
export type UtmParameters = Record<string, string>;

export interface Attribution {
  utm: UtmParameters;
  clickIds: ClickIds;
  /** Epoch ms of the landing visit (also the time in a built fbc). */
  capturedAt: number;
}

/** A utm key as it is kept: lower case, letters, digits and underscores (what the server accepts too). */
export const utmKeyPattern = /^utm_[a-z0-9_]{1,32}$/;
/** Caps that keep the stored cookie well under 4 KB whatever a link carries. */
export const maxUtmParameters = 12;
export const maxAttributionValueLength = 256;
const maxUserAgentLength = 1024;

const clip = (value: string, max = maxAttributionValueLength) => value.trim().slice(0, max);

export interface LandingVisit {
  url: URL;
  /** document.cookie (or a Cookie header): the Meta and TikTok pixel cookies _fbc, _fbp, _ttp. */
  cookieHeader: string | null | undefined;
  userAgent: string;
  now: number;
}

/** The pixel cookies (spec 3: fbp, ttp) and the user agent, which belong to the browser, not the link. */
function browserIds(visit: Omit<LandingVisit, "url" | "now">): ClickIds {
  const ids: ClickIds = {};
  const fbp = readCookie(visit.cookieHeader, "_fbp");
  const ttp = readCookie(visit.cookieHeader, "_ttp");
  if (fbp) ids.fbp = clip(fbp);
  if (ttp) ids.ttp = clip(ttp);
  if (visit.userAgent) ids.ua = clip(visit.userAgent, maxUserAgentLength);
  return ids;
}

/**
 * What a landing visit carries, or null when its address has no utm_ parameter and no click id (a direct
 * visit does not claim the first touch: the first visit that came from a campaign or an ad does).
 * fbclid becomes fbc as Meta builds it: `fb.1.<ms>.<fbclid>` (the pixel's own _fbc cookie wins).
 */
export function captureAttribution(visit: LandingVisit): Attribution | null {
  const utm: UtmParameters = {};
  for (const [rawKey, rawValue] of visit.url.searchParams) {
    const key = rawKey.toLowerCase();
    const value = clip(rawValue);
    if (!utmKeyPattern.test(key) || !value || key in utm) continue;
    if (Object.keys(utm).length >= maxUtmParameters) break;
    utm[key] = value;
  }
  const params = visit.url.searchParams;
  const clickIds: ClickIds = {};
  const gclid = clip(params.get("gclid") ?? "");
  const ttclid = clip(params.get("ttclid") ?? "");
  const fbclid = clip(params.get("fbclid") ?? "");
  if (gclid) clickIds.gclid = gclid;
  if (ttclid) clickIds.ttclid = ttclid;
  if (fbclid) clickIds.fbc = clip(readCookie(visit.cookieHeader, "_fbc") ?? `fb.1.${visit.now}.${fbclid}`);
  if (Object.keys(utm).length === 0 && Object.keys(clickIds).length === 0) return null;
  return { utm, clickIds: { ...browserIds(visit), ...clickIds }, capturedAt: visit.now };
}

/**
 * spec section 9: source_medium, campaign, content and term joined with '::'. Every position stays (empty
 * when its parameter is missing) so the name splits back the same way; source_medium is the two joined
 * with '_' (or the one present). Null when the visit had no utm_ parameter the name uses.
 */
export function trackerName(attribution: Pick<Attribution, "utm"> | null): string | null {
  if (!attribution) return null;
  const { utm } = attribution;
  const sourceMedium = [utm.utm_source, utm.utm_medium].filter(Boolean).join("_");
  const parts = [sourceMedium, utm.utm_campaign ?? "", utm.utm_content ?? "", utm.utm_term ?? ""];
  return parts.some(Boolean) ? parts.join("::") : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads back what `serializeAttribution` wrote (storage can hold anything): unknown keys and bad values dropped. */
export function parseStoredAttribution(text: string | null | undefined): Attribution | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.utm) || !isRecord(value.clickIds) || typeof value.capturedAt !== "number") return null;
  const utm: UtmParameters = {};
  for (const [key, item] of Object.entries(value.utm).slice(0, maxUtmParameters))
    if (utmKeyPattern.test(key) && typeof item === "string" && item) utm[key] = clip(item);
  const clickIds: ClickIds = {};
  for (const name of clickIdNames) {
    const item = value.clickIds[name];
    if (typeof item === "string" && item) clickIds[name] = clip(item, name === "ua" ? maxUserAgentLength : maxAttributionValueLength);
  }
  return { utm, clickIds, capturedAt: value.capturedAt };
}

export function serializeAttribution(attribution: Attribution): string {
  return JSON.stringify(attribution);
}

/** First touch wins: a stored attribution is kept; a new one only fills an empty slot. */
export function firstTouch(stored: Attribution | null, landing: Attribution | null): Attribution | null {
  return stored ?? landing;
}

/**
 * The body of POST /user/set-click-ids (spec section 7): the landing visit's click ids and utm_ parameters,
 * with the browser's current pixel cookies and user agent where the landing had none (a pixel may have set
 * its cookie after the landing). A visitor who came with no campaign still sends the browser's ids.
 */
export function clickIdsBody(
  attribution: Attribution | null,
  browser: Omit<LandingVisit, "url" | "now">,
): { clickIds: ClickIds; utm: UtmParameters } {
  return { clickIds: { ...browserIds(browser), ...attribution?.clickIds }, utm: { ...attribution?.utm } };
}
