import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DatabaseHandle } from "./client";

// A note changed (status, progress, transcript): PostgreSQL NOTIFY on one channel, so the web process
// that holds the user's open page hears it whichever process (embedded or `npm run worker`) did the work.
// PGlite delivers NOTIFY inside its own process, which is the whole embedded deployment.
const channel = "note_changed";

// The same channel carries account changes (plan or usage, issue 7): open pages refetch them, so the one
// LISTEN per web process and the one event stream per page serve both.
// Calendar changes (issue 18: a sync, a toggle, a bot sent for an event) ride it too.
export type NoteChange = { userId: string; noteId: string } | { userId: string; topic: "account" | "calendar" };

/** Tells every listening web process that the note changed; sent inside the caller's statement order. */
export async function notifyNoteChanged(db: Database, change: { userId: string; noteId: string }): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(change)})`);
}

/** The user's plan or usage changed (a webhook, a counted upload or transcription). */
export async function notifyAccountChanged(db: Database, { userId }: { userId: string }): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ userId, topic: "account" })})`);
}

/** The user's calendar events or connections changed: open calendar pages refetch them at once. */
export async function notifyCalendarChanged(db: Database, { userId }: { userId: string }): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ userId, topic: "calendar" })})`);
}

function parseChange(payload: string): NoteChange | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== "object" || value === null) return null;
    const { userId, noteId, topic } = value as Record<string, unknown>;
    if (typeof userId !== "string") return null;
    if (topic === "account" || topic === "calendar") return { userId, topic };
    return typeof noteId === "string" ? { userId, noteId } : null;
  } catch {
    return null;
  }
}

/**
 * Calls `onChange` for every note change until the returned function is called. PostgreSQL gets its
 * own connection (a pooled one would drop LISTEN when returned); it reconnects after a lost connection.
 */
export async function listenNoteChanges(
  handle: DatabaseHandle,
  onChange: (change: NoteChange) => void,
  onError: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  const deliver = (payload: string | undefined) => {
    const change = payload ? parseChange(payload) : null;
    if (change) onChange(change);
  };
  if (handle.kind === "pglite") {
    const unlisten = await handle.pglite.listen(channel, deliver);
    return unlisten;
  }
  let isStopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: handle.url });
    next.on("notification", (message) => deliver(message.payload));
    next.on("error", (error) => {
      onError(error);
      if (isStopped) return;
      client = null;
      // A restarted database: try again shortly; pages resubscribe through their own reconnect.
      retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  await connect();
  return async () => {
    isStopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
