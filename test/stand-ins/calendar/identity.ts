import { createHash } from "node:crypto";

// Who an e-mail is at each provider. Ids are derived from the e-mail, so one person keeps the same ids
// across restarts of the stand-in and across tests, shaped like each provider's own.

export type Provider = "google" | "microsoft" | "zoom";
export type CalendarProvider = "google" | "microsoft";

export const defaultEmail = "calendar-user@example.com";
/** The one directory tenant the stand-in's Microsoft accounts live in. */
export const tenantId = "9188040d-6c67-4c5b-b112-36a304b66dad";

const digest = (label: string, email: string) => createHash("sha256").update(`${label}:${email.toLowerCase()}`).digest();

const guid = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export interface Person {
  email: string;
  name: string;
  givenName: string;
  familyName: string;
}

/** "ada.lovelace@example.com" → Ada Lovelace. */
export function personFor(email: string): Person {
  const words = (email.split("@")[0] ?? email)
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  const [givenName = "Calendar", ...rest] = words;
  const familyName = rest.join(" ") || "User";
  return { email, name: `${givenName} ${familyName}`, givenName, familyName };
}

/** Google's `sub`: 21 decimal digits. */
export const googleSubject = (email: string) =>
  `1${BigInt(`0x${digest("google", email).toString("hex").slice(0, 18)}`)}`.slice(0, 21).padEnd(21, "7");

/** Graph's user id (the directory object id): a GUID. */
export const graphUserId = (email: string) => guid(digest("graph", email));

/** Zoom's user id: 22 characters of base64url. */
export const zoomUserId = (email: string) => digest("zoom", email).toString("base64url").slice(0, 22);
export const zoomAccountId = (email: string) => digest("zoom-account", email).toString("base64url").slice(0, 22);
