import type { NoteView } from "~/shared/notes/notes-api";

/** The note's creation time as the API answers it (interpretations 18: Firestore-like seconds and nanoseconds). */
export function toTimestamp(date: Date): NoteView["data"]["createdAt"] {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 };
}

/**
 * Opaque cursor of a page's last note: its exact creation time and id (ties broken by id). The time is
 * PostgreSQL's own text (ISO 8601, UTC, microseconds): a JS Date keeps only milliseconds, and two notes
 * created in the same millisecond would otherwise fall between pages.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString("base64url");
}

const exactIsoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // A real instant PostgreSQL can read: Date.parse takes "02-30" as March 2 and year 0, which PostgreSQL refuses.
  const parsed = Date.parse(createdAt ?? "");
  const isTime =
    exactIsoTime.test(createdAt ?? "") &&
    !Number.isNaN(parsed) &&
    new Date(parsed).toISOString().slice(0, 19) === createdAt?.slice(0, 19) &&
    !createdAt.startsWith("0000");
  return extra === undefined && isTime && uuidPattern.test(id ?? "") ? { createdAt: createdAt as string, id: id as string } : null;
}
