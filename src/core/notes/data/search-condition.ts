import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "~/infra/db/client";
import { notes, transcriptSegments } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";

// How the notes list searches (issue 22). Four GIN-indexed vectors can match: the title, a transcript
// segment's words, a segment's speaker name, the AI notes. One query cannot be fast for both kinds of word:
// - a rare word is a handful of index hits: look them up, then fetch those notes (pkey lookups);
// - a common word is thousands of hits: walking the user's notes newest first and probing each one's
//   vectors finds a page within the first few dozen notes.
// So the index hits are read first, capped; under the cap the page comes from them, over it from the walk.
// (Hits are counted across all users: a word common in other accounts takes the walk, at the old cost.)
// (An OR of per-note EXISTS for every search scanned all of a user's notes for a rare word: 157-239 ms at
// 100k notes; a single UNION joined to the user's notes walked them all for a common one.)

/** Above this many hits the newest-first walk wins: it stops after one page. */
const MAX_HITS = 1000;

/**
 * Notes of anyone whose vectors match, as a `union all` of bare index lookups (duplicates are fine for IN;
 * the owner is checked on the notes themselves). Joining each lookup to the user's notes let the planner,
 * which cannot estimate a prefix tsquery, hash-join through all of them: 35 ms for a rare word, 550 for a common one.
 */
function hitsOf(db: Database, userId: string, query: SQL, cap: number) {
  return unionAll(
    db
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), sql`${notes.titleVector} @@ ${query}`)),
    db.select({ id: transcriptSegments.noteId }).from(transcriptSegments).where(sql`${transcriptSegments.searchVector} @@ ${query}`),
    db.select({ id: transcriptSegments.noteId }).from(transcriptSegments).where(sql`${transcriptSegments.speakerVector} @@ ${query}`),
    db.select({ id: aiNotes.noteId }).from(aiNotes).where(sql`${aiNotes.searchVector} @@ ${query}`),
  ).limit(cap + 1);
}

/**
 * The per-note probe the walk uses: title, then the note's own segments and AI notes (their primary keys
 * lead with note_id). `offset 0` keeps each EXISTS a per-note probe: without it PostgreSQL may swap it
 * for a hashed scan of every matching segment (180 ms for a common word at 100k notes, 0.3 ms with it).
 */
function probe(query: SQL): SQL {
  return sql`(${notes.titleVector} @@ ${query}
    or exists (select 1 from ${transcriptSegments} where ${transcriptSegments.noteId} = ${notes.id} and (${transcriptSegments.searchVector} @@ ${query} or ${transcriptSegments.speakerVector} @@ ${query}) offset 0)
    or exists (select 1 from ${aiNotes} where ${aiNotes.noteId} = ${notes.id} and ${aiNotes.searchVector} @@ ${query} offset 0))`;
}

/**
 * The condition that keeps the user's notes matching `query` (a tsquery from searchQuery), or `none` when
 * no note of theirs can match. The caller adds the user, the filters, the order and the cursor.
 */
export async function searchCondition(
  db: Database,
  { userId, query, maxHits = MAX_HITS }: { userId: string; query: SQL /** Tests pass 0 to take the walk. */; maxHits?: number },
): Promise<SQL | "none"> {
  const rows = await hitsOf(db, userId, query, maxHits);
  if (rows.length > maxHits) return probe(query);
  if (rows.length === 0) return "none";
  return and(inArray(notes.id, [...new Set(rows.map((row) => row.id))]), eq(notes.userId, userId)) as SQL;
}
