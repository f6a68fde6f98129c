import { and, asc, eq, gte, inArray, isNull, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notes, transcriptSegments } from "~/infra/db/notes-schema";
import { automaticMeetingTitle } from "~/shared/meetings/meeting-title";
import type { NotePage, NoteView } from "~/shared/notes/notes-api";
import type { NoteType } from "~/shared/notes/statuses";
import { searchCondition } from "./data/search-condition";
import { decodeCursor, encodeCursor, toTimestamp } from "./schema";

type NoteRow = typeof notes.$inferSelect;

/** A transcript segment as every reader shows it (the owner's page, a shared link, an edit's answer). */
export const segmentColumns = {
  position: transcriptSegments.position,
  start: transcriptSegments.startSeconds,
  end: transcriptSegments.endSeconds,
  text: transcriptSegments.text,
  speaker: transcriptSegments.speaker,
  words: transcriptSegments.words,
};

/**
 * The columns a NoteView shows: lists read these, not the whole row (no media key or vectors; the source
 * for a meeting's link, which names a meeting note that keeps its automatic title).
 */
const noteViewColumns = {
  id: notes.id,
  title: notes.title,
  source: notes.source,
  type: notes.type,
  meeting: notes.meeting,
  transcriptionCode: notes.transcriptionCode,
  active: notes.active,
  createdAt: notes.createdAt,
  recordingDurationSeconds: notes.recordingDurationSeconds,
  calendarId: notes.calendarId,
  eventId: notes.eventId,
  transcriptionError: notes.transcriptionError,
  transcriptionProgress: notes.transcriptionProgress,
  language: notes.language,
  folderId: notes.folderId,
  shareId: notes.shareId,
  notesStatus: notes.notesStatus,
  notesProgress: notes.notesProgress,
  notesError: notes.notesError,
  transcriptEngine: notes.transcriptEngine,
};
type NoteViewRow = Pick<NoteRow, keyof typeof noteViewColumns>;

export function toNoteView(row: NoteViewRow): NoteView {
  return {
    id: row.id,
    data: {
      title: row.title,
      meetingTitle: row.source.kind === "meeting" ? automaticMeetingTitle(row.title, row.source.url) : null,
      type: row.type,
      meeting: row.meeting ?? null,
      transcriptionCode: row.transcriptionCode ?? null,
      active: row.active,
      createdAt: toTimestamp(row.createdAt),
      recordingDuration: row.recordingDurationSeconds,
      calendarId: row.calendarId,
      eventId: row.eventId,
      transcriptionError: row.transcriptionError,
      transcriptionProgress: row.transcriptionProgress,
      language: row.language,
      folderId: row.folderId,
      shareId: row.shareId,
      notesStatus: row.notesStatus,
      notesProgress: row.notesProgress,
      notesError: row.notesError,
      transcriptEngine: row.transcriptEngine,
    },
  };
}

/** The user's note, or null when it does not exist or belongs to someone else. */
export async function findNote(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<NoteRow | null> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .limit(1);
  return row ?? null;
}

export interface NoteListFilters {
  /** Full text over titles, transcripts and AI notes (web-search syntax; the last word also matches as a prefix). */
  q?: string | null;
  types?: readonly NoteType[] | null;
  /** A folder's id, or "none" for notes in no folder. */
  folderId?: string | null;
  /** Created at or after. */
  createdFrom?: Date | null;
  /** Created strictly before. */
  createdBefore?: Date | null;
}

// The cursor keeps PostgreSQL's exact time (microseconds); a Date would round it to milliseconds.
const cursorTime = sql<string>`to_char(${notes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const listColumns = { ...noteViewColumns, cursorAt: cursorTime };

// The exact order of notes_user_created_idx (DESC NULLS LAST): a bare DESC means NULLS FIRST, which the
// planner cannot read from that index, so it would sort every note of the user on each page.
const newestFirst = [sql`${notes.createdAt} desc nulls last`, sql`${notes.id} desc nulls last`] as const;

/** Notes after the cursor's note in (created_at desc, id desc) order; `<=` lets the index range the scan. */
function after(at: Placeholder | string, id: Placeholder | string): SQL {
  return sql`(${notes.createdAt} <= ${at}::timestamptz and (${notes.createdAt} < ${at}::timestamptz or ${notes.id} < ${id}::uuid))`;
}

// The unfiltered list is the hot path (every visit of /notes and /home): prepared once per database,
// since building a Drizzle query costs more than running this one (known-traps).
const preparedLists = new WeakMap<Database, ReturnType<typeof prepareLists>>();
function prepareLists(db: Database) {
  const base = () => db.select(listColumns).from(notes);
  return {
    first: base()
      .where(eq(notes.userId, sql.placeholder("userId")))
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"))
      .prepare("notes_list_first"),
    next: base()
      .where(and(eq(notes.userId, sql.placeholder("userId")), after(sql.placeholder("at"), sql.placeholder("id"))))
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"))
      .prepare("notes_list_next"),
  };
}

/**
 * A tsquery for what a person types in a search box: web-search syntax ("quoted phrases", -not, or), and
 * the last word as a prefix too, so "budg" finds "budget" while typing. Null when there is no word at all.
 */
export function searchQuery(q: string): SQL | null {
  if (!/[\p{L}\p{N}]/u.test(q)) return null;
  const tokens = q.trim().split(/\s+/);
  const last = tokens[tokens.length - 1] ?? "";
  const word = /^[^\p{L}\p{N}\p{M}"-]*([\p{L}\p{N}\p{M}]+)[^\p{L}\p{N}\p{M}"]*$/u.exec(last)?.[1];
  // Not for a negated word, one inside an open quote, or the right side of "or" (websearch semantics win).
  const isOpenQuote = (q.match(/"/g)?.length ?? 0) % 2 === 1;
  const isAfterOr = tokens[tokens.length - 2]?.toLowerCase() === "or" || last.toLowerCase() === "or";
  if (!word || isOpenQuote || isAfterOr) return sql`websearch_to_tsquery('simple', ${q})`;
  const head = tokens.slice(0, -1).join(" ");
  // `word` is letters and digits only, so `:*` cannot turn it into tsquery syntax.
  return sql`(websearch_to_tsquery('simple', ${head}) && to_tsquery('simple', ${`${word}:*`}))`;
}

function hasFilters(filters: NoteListFilters): boolean {
  return Boolean(
    filters.q?.trim() || (filters.types && filters.types.length > 0) || filters.folderId || filters.createdFrom || filters.createdBefore,
  );
}

/**
 * The user's notes newest first, `limit` per page, optionally searched and filtered; an unreadable cursor
 * starts from the top. Filters keep the cursor's order, so pages neither repeat nor skip a note.
 */
export async function listNotes(
  db: Database,
  {
    userId,
    cursor,
    limit = 20,
    searchHitCap,
    ...filters
  }: {
    userId: string;
    cursor?: string | null;
    limit?: number /** Tests: 0 takes the search's walk (data/search-condition.ts). */;
    searchHitCap?: number;
  } & NoteListFilters,
): Promise<NotePage> {
  const position = cursor ? decodeCursor(cursor) : null;
  let rows: (NoteViewRow & { cursorAt: string })[];
  if (!hasFilters(filters)) {
    let prepared = preparedLists.get(db);
    if (!prepared) {
      prepared = prepareLists(db);
      preparedLists.set(db, prepared);
    }
    rows = position
      ? await prepared.next.execute({ userId, at: position.createdAt, id: position.id, limit: limit + 1 })
      : await prepared.first.execute({ userId, limit: limit + 1 });
  } else {
    const query = filters.q ? searchQuery(filters.q) : null;
    const search = query ? await searchCondition(db, { userId, query, maxHits: searchHitCap }) : undefined;
    if (search === "none") return { items: [], nextCursor: null };
    const folder =
      filters.folderId === "none" ? isNull(notes.folderId) : filters.folderId ? eq(notes.folderId, filters.folderId) : undefined;
    rows = await db
      .select(listColumns)
      .from(notes)
      .where(
        and(
          // The owner first: every other condition narrows the user's own notes.
          eq(notes.userId, userId),
          filters.types && filters.types.length > 0 ? inArray(notes.type, [...filters.types]) : undefined,
          folder,
          filters.createdFrom ? gte(notes.createdAt, filters.createdFrom) : undefined,
          filters.createdBefore ? lt(notes.createdAt, filters.createdBefore) : undefined,
          search,
          position ? after(position.createdAt, position.id) : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit + 1);
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toNoteView), nextCursor: rows.length > limit && last ? encodeCursor(last.cursorAt, last.id) : null };
}

/** The note's transcript in order; empty for another user's note. */
export async function listSegments(db: Database, { userId, noteId }: { userId: string; noteId: string }) {
  return db
    .select(segmentColumns)
    .from(transcriptSegments)
    .innerJoin(notes, eq(notes.id, transcriptSegments.noteId))
    .where(and(eq(notes.userId, userId), eq(transcriptSegments.noteId, noteId)))
    .orderBy(asc(transcriptSegments.position));
}
