import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../infra/db/client";

/**
 * A transcript passage that may answer a question: a hit segment with its neighbours for context. Its
 * times are the hit segment's own, so a citation seeks the player to the words that matched.
 */
export interface Passage {
  noteId: string;
  noteTitle: string;
  /** Position of the segment that matched (the citation seeks the player to its start). */
  position: number;
  start: number;
  end: number;
  text: string;
  rank: number;
}

// Words that carry no meaning for retrieval in en, es and pt (questions are full of them).
const stopWords = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in is it its me my of on or our " +
    "should so that the their them then there these they this to was we were what when where which who why will with would you your " +
    "about any all said say tell give did does done " +
    "el la los las un una unos unas y o de del al en que qué por para con como cómo cuando cuándo donde dónde quien quién es son fue " +
    "se lo le les mi mis su sus nos nuestro este esta estos estas hay ha han sobre " +
    "o os as um uma uns umas e do da dos das no na nos nas em que por para com como quando onde quem é são foi se lhe meu minha seu sua " +
    "nosso nossa este esta isso isto há sobre"
  ).split(" "),
);

/**
 * The question's search terms: lower-case words without stop words, cut to a prefix so "decided" finds
 * "decide" and "decisions" finds "decision" (the 'simple' configuration does not stem, and one
 * configuration must serve en, es and pt alike).
 */
export function searchTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.filter((word) => word.length > 1 && !stopWords.has(word)).map((word) => (word.length > 6 ? word.slice(0, 6) : word));
  return [...new Set(terms)].slice(0, 12);
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
    position: number;
    start_seconds: number;
    end_seconds: number;
    text: string;
    rank: number;
  }>(
    db,
    sql`
    with ${prelude} hits as (${hits})
    select h.note_id, h.title, h.position, h.rank,
      max(s.start_seconds) filter (where s.position = h.position) as start_seconds,
      max(s.end_seconds) filter (where s.position = h.position) as end_seconds,
      string_agg(s.text, ' ' order by s.position) as text
    from hits h
    join transcript_segments s on s.note_id = h.note_id and s.position between h.position - 1 and h.position + 1
    group by h.note_id, h.title, h.position, h.rank
    order by h.rank desc, h.note_id, h.position`,
  );
  return rows.map((row) => ({
    noteId: row.note_id,
    noteTitle: row.title,
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

/**
 * Both lists merged by reciprocal rank fusion (each passage scores 1/(60 + rank) in each list it is in):
 * a passage found by words and by meaning comes first; either alone still counts.
 */
export function fusePassages(lists: readonly (readonly Passage[])[], limit = 6): Passage[] {
  const scored = new Map<string, { passage: Passage; score: number }>();
  for (const list of lists) {
    list.forEach((passage, index) => {
      const key = `${passage.noteId}:${passage.position}`;
      const entry = scored.get(key) ?? { passage, score: 0 };
      entry.score += 1 / (60 + index + 1);
      scored.set(key, entry);
    });
  }
  return [...scored.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ passage, score }) => ({ ...passage, rank: score }));
}
