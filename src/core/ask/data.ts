import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "~/infra/db/client";
import { chatMessages, chatThreads } from "~/infra/db/workspace-schema";
import { shortMeetingTitle } from "~/shared/meetings/meeting-title";
import { type Passage, searchTerms } from "./retrieval";

export interface ThreadView {
  id: string;
  noteId: string | null;
  title: string;
  updatedAt: string;
}

/** The user's chats, newest first: across all notes (noteId null) or inside one note. */
export async function listThreads(db: Database, { userId, noteId }: { userId: string; noteId: string | null }): Promise<ThreadView[]> {
  const rows = await db
    .select({ id: chatThreads.id, noteId: chatThreads.noteId, title: chatThreads.title, updatedAt: chatThreads.updatedAt })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), noteId ? eq(chatThreads.noteId, noteId) : isNull(chatThreads.noteId)))
    .orderBy(desc(chatThreads.updatedAt))
    .limit(100);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function findThread(db: Database, { userId, threadId }: { userId: string; threadId: string }) {
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, threadId)))
    .limit(1);
  return row ?? null;
}

/** The chat's messages, oldest first; empty when the chat is not the user's. */
export async function listMessages(db: Database, { userId, threadId }: { userId: string; threadId: string }) {
  const rows = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      citations: chatMessages.citations,
      engine: chatMessages.engine,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatThreads.userId, userId), eq(chatMessages.threadId, threadId)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** `term:* | term:*` for to_tsquery: one matching term is enough, ranking prefers passages with more of them. */
function orQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, "")}:*`).join(" | ");
}

/**
 * Passages for hit segments: `hits` is a CTE body giving (note_id, title, position, rank), already scoped to
 * the user. Each hit is widened with the segments before and after it, keeping the hit's own times.
 */
async function widenHits(db: Database, hits: SQL, prelude: SQL = sql``): Promise<Passage[]> {
  const rows = await queryRows<{
    note_id: string;
    title: string;
    meeting_url: string | null;
    position: number;
    start_seconds: number;
    end_seconds: number;
    text: string;
    rank: number;
  }>(
    db,
    sql`
    with ${prelude} hits as (${hits})
    select h.note_id, h.title, n.source ->> 'url' as meeting_url, h.position, h.rank,
      max(s.start_seconds) filter (where s.position = h.position) as start_seconds,
      max(s.end_seconds) filter (where s.position = h.position) as end_seconds,
      string_agg(s.text, ' ' order by s.position) as text
    from hits h
    join transcript_segments s on s.note_id = h.note_id and s.position between h.position - 1 and h.position + 1
    join notes n on n.id = h.note_id
    group by h.note_id, h.title, n.source, h.position, h.rank
    order by h.rank desc, h.note_id, h.position`,
  );
  return rows.map((row) => ({
    noteId: row.note_id,
    // A meeting's automatic title in its short form (old ones carried raw thread ids).
    noteTitle: shortMeetingTitle(row.title, row.meeting_url),
    position: Number(row.position),
    start: Number(row.start_seconds),
    end: Number(row.end_seconds),
    text: row.text,
    rank: Number(row.rank),
  }));
}

/**
 * The user's best-matching transcript passages for a question (PostgreSQL full text), optionally within
 * one note. Scoped to the user before anything else; each hit comes with the segments around it.
 */
export async function findPassages(
  db: Database,
  { userId, noteId, question, limit = 6 }: { userId: string; noteId?: string | null; question: string; limit?: number },
): Promise<Passage[]> {
  const terms = searchTerms(question);
  if (terms.length === 0) return [];
  const inNote: SQL = noteId ? sql`and n.id = ${noteId}` : sql``;
  return widenHits(
    db,
    sql`
      select s.note_id, n.title, s.position, ts_rank_cd(s.search_vector, q.query) as rank
      from notes n
      join transcript_segments s on s.note_id = n.id
      cross join q
      where n.user_id = ${userId} ${inNote} and s.search_vector @@ q.query
      order by rank desc, s.note_id, s.position
      limit ${limit}`,
    sql`q as (select to_tsquery('simple', ${orQuery(terms)}) as query),`,
  );
}

/**
 * The user's passages closest in meaning to a question's embedding (dot product of unit vectors of the
 * same model), optionally within one note. Computed in SQL over the user's own vectors only.
 */
export async function findPassagesByMeaning(
  db: Database,
  {
    userId,
    noteId,
    vector,
    model,
    limit = 6,
  }: { userId: string; noteId?: string | null; vector: readonly number[]; model: string; limit?: number },
): Promise<Passage[]> {
  const inNote: SQL = noteId ? sql`and n.id = ${noteId}` : sql``;
  // A PostgreSQL array literal: both drivers take it as one text parameter, cast to real[].
  const literal = `{${vector.map((value) => (Number.isFinite(value) ? value : 0)).join(",")}}`;
  return widenHits(
    db,
    sql`
      select e.note_id, n.title, e.position,
        (select sum(a * b) from unnest(e.vector, ${literal}::real[]) as t(a, b)) as rank
      from segment_embeddings e
      join notes n on n.id = e.note_id
      where n.user_id = ${userId} ${inNote} and e.model = ${model}
      order by rank desc, e.note_id, e.position
      limit ${limit}`,
  );
}
