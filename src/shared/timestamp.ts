import { z } from "zod";

// spec section 3: a createdAt is "a timestamp with seconds and nanoseconds, or underscore-prefixed
// variants" (Firestore's client SDK writes {seconds, nanoseconds}, its REST/Admin JSON {_seconds,
// _nanoseconds}); our own API answers ISO 8601 for users. One reader for every shape, so a value that
// arrives in another shape (a cached list, an imported record) is read the same way instead of as NaN.

const seconds = z.number().int();
const nanoseconds = z.number().int().min(0).max(999_999_999);

export const timestampSchema = z.union([
  z.object({ seconds, nanoseconds }),
  z.object({ _seconds: seconds, _nanoseconds: nanoseconds }),
  z.iso.datetime({ offset: true }),
]);
export type TimestampValue = z.infer<typeof timestampSchema>;

/** {seconds, nanoseconds} of any accepted shape (sub-millisecond precision kept); null when unreadable. */
export function readTimestamp(value: unknown): { seconds: number; nanoseconds: number } | null {
  const parsed = timestampSchema.safeParse(value);
  if (!parsed.success) return null;
  const data = parsed.data;
  if (typeof data === "string") {
    const ms = Date.parse(data);
    return { seconds: Math.floor(ms / 1000), nanoseconds: (((ms % 1000) + 1000) % 1000) * 1_000_000 };
  }
  return "seconds" in data ? data : { seconds: data._seconds, nanoseconds: data._nanoseconds };
}

/** Epoch milliseconds of any accepted shape; null when unreadable. */
export function timestampMs(value: unknown): number | null {
  const timestamp = readTimestamp(value);
  return timestamp ? timestamp.seconds * 1000 + Math.floor(timestamp.nanoseconds / 1_000_000) : null;
}
