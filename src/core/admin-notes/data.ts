import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import { type Database, queryRows } from "~/infra/db/client";
import { notes } from "~/infra/db/notes-schema";
import type { AdminNoteRow, AdminNoteStatusFilter } from "~/shared/admin/admin-notes-api";
import type { NoteType } from "~/shared/notes/statuses";

// Reads of the admin notes screens (issue 20). These are the ONLY queries in the app that cross users on
// purpose: every other read filters by the signed-in user's id. Callers must have checked the admin role.

export interface AdminNoteFilters {
  types: NoteType[];
  status: AdminNoteStatusFilter | null;
  /** Notes with a failed transcription or failed AI notes first, then the rest, each newest first. */
  failuresFirst: boolean;
  createdFrom: Date | null;
  createdBefore: Date | null;
  userId: string | null;
}

const failedPart = or(eq(notes.transcriptionCode, "transcription_failed"), eq(notes.notesStatus, "notes_failed"));
// 1 for a failed note when failures come first; a constant 0 otherwise, so one keyset order serves both
// (cast: a bare 0 in ORDER BY would name a column position).
const rankOf = (failuresFirst: boolean) =>
  failuresFirst ? sql<number>`(case when ${failedPart} then 1 else 0 end)` : sql<number>`(0)::int`;
// Microsecond precision: a Date would round to milliseconds and a cursor could skip a note.
const cursorTime = sql<string>`to_char(${notes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Cursor {
  rank: number;
  at: string;
  id: string;
}
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
function decodeCursor(value: string): Cursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString()) as Partial<Cursor>;
    const isUuid = typeof parsed.id === "string" && /^[0-9a-f-]{36}$/i.test(parsed.id);
    const isTime = typeof parsed.at === "string" && !Number.isNaN(Date.parse(parsed.at));
    if ((parsed.rank === 0 || parsed.rank === 1) && isUuid && isTime) return parsed as Cursor;
  } catch {
    // an unreadable cursor starts from the top
  }
  return null;
}

function statusCondition(status: AdminNoteStatusFilter): SQL | undefined {
  if (status === "failed") return failedPart;
  if (status.startsWith("notes_")) return sql`${notes.notesStatus} = ${status}`;
  return sql`${notes.transcriptionCode} = ${status}`;
}

/** Notes of all users (or one user), newest or failures first, `limit` per page. */
export async function listAdminNotes(
  db: Database,
  { filters, cursor, limit }: { filters: AdminNoteFilters; cursor: string | null; limit: number },
): Promise<{ items: AdminNoteRow[]; nextCursor: string | null }> {
  const rank = rankOf(filters.failuresFirst);
  const position = cursor ? decodeCursor(cursor) : null;
  const conditions = [
    filters.types.length > 0 ? inArray(notes.type, filters.types) : undefined,
    filters.status ? statusCondition(filters.status) : undefined,
    filters.createdFrom ? gte(notes.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(notes.createdAt, filters.createdBefore) : undefined,
    filters.userId ? eq(notes.userId, filters.userId) : undefined,
    position
      ? sql`(${rank}, ${notes.createdAt}, ${notes.id}) < (${position.rank}, ${position.at}::timestamptz, ${position.id}::uuid)`
      : undefined,
  ];
  const rows = await db
    .select({
      id: notes.id,
      ownerId: notes.userId,
      ownerEmail: user.email,
      title: notes.title,
      type: notes.type,
      transcriptionCode: notes.transcriptionCode,
      transcriptionError: notes.transcriptionError,
      notesStatus: notes.notesStatus,
      notesError: notes.notesError,
      createdAt: notes.createdAt,
      rank,
      cursorAt: cursorTime,
    })
    .from(notes)
    .innerJoin(user, eq(user.id, notes.userId))
    .where(and(...conditions))
    .orderBy(desc(rank), desc(notes.createdAt), desc(notes.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ rank: _rank, cursorAt: _cursorAt, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor({ rank: Number(last.rank), at: last.cursorAt, id: last.id }) : null,
  };
}

/** A user's e-mail by id (the heading of a user's notes, the audit row's actor and target). */
export async function findUserEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

/** One pg-boss job row as the admin note page shows it. */
export interface NoteJobRow {
  id: string;
  queue: string;
  state: string;
  retryCount: number;
  retryLimit: number;
  failureReason: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

interface RawJob {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  reason: string | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * The jobs of one note in the named queues, newest first (issue 20: the admin note page shows attempts and
 * failure reasons). pg-boss keeps jobs in its own schema (`pgboss`, boss.ts uses the default); every job
 * payload of these queues carries `noteId`. Read-only: pg-boss alone writes this table
 * (here and not in infra/queue: only data.ts files may run queries).
 */
export async function listNoteJobs(db: Database, { noteId, queues }: { noteId: string; queues: string[] }): Promise<NoteJobRow[]> {
  if (queues.length === 0) return [];
  const names: SQL = sql.join(
    queues.map((queue) => sql`${queue}`),
    sql`, `,
  );
  const rows = await queryRows<RawJob>(
    db,
    sql`select id::text as id, name, state::text as state, retry_count, retry_limit,
          coalesce(output->>'message', output->>'reason', case when jsonb_typeof(output) = 'string' then output #>> '{}' end) as reason,
          created_on, started_on, completed_on
        from pgboss.job where name in (${names}) and data->>'noteId' = ${noteId}
        order by created_on desc limit 50`,
  );
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    state: row.state,
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    failureReason: row.state === "failed" ? row.reason : null,
    createdAt: iso(row.created_on),
    startedAt: isoOrNull(row.started_on),
    completedAt: isoOrNull(row.completed_on),
  }));
}
