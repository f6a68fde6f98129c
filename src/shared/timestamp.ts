// spec section 3: a createdAt is "a timestamp with seconds and nanoseconds, or underscore-prefixed
// variants" (Firestore's client SDK writes {seconds, nanoseconds}, its REST/Admin JSON {_seconds,
// _nanoseconds}); our own API answers ISO 8601 for users. One reader for every shape, so a value that
// arrives in another shape (a cached list, an imported record) is read the same way instead of as NaN.
// Hand-written rather than zod: the notes list reads it in the browser, and zod would ship with it (issue 22).

/** RFC 3339 date-time with seconds and a Z or ±hh:mm offset (what zod's iso.datetime({ offset: true }) accepts). */
const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const isSeconds = (value: unknown): value is number => Number.isInteger(value);
const isNanoseconds = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 999_999_999;

/** Epoch ms of an ISO date-time whose calendar date exists (no 30 February); null otherwise. */
function isoMs(value: string): number | null {
  const match = isoDateTime.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** {seconds, nanoseconds} of any accepted shape (sub-millisecond precision kept); null when unreadable. */
export function readTimestamp(value: unknown): { seconds: number; nanoseconds: number } | null {
  if (typeof value === "string") {
    const ms = isoMs(value);
    if (ms === null) return null;
    return { seconds: Math.floor(ms / 1000), nanoseconds: (((ms % 1000) + 1000) % 1000) * 1_000_000 };
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (isSeconds(record.seconds) && isNanoseconds(record.nanoseconds)) return { seconds: record.seconds, nanoseconds: record.nanoseconds };
  if (isSeconds(record._seconds) && isNanoseconds(record._nanoseconds))
    return { seconds: record._seconds, nanoseconds: record._nanoseconds };
  return null;
}

/** Epoch milliseconds of any accepted shape; null when unreadable. */
export function timestampMs(value: unknown): number | null {
  const timestamp = readTimestamp(value);
  return timestamp ? timestamp.seconds * 1000 + Math.floor(timestamp.nanoseconds / 1_000_000) : null;
}
