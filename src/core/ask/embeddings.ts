import { and, eq } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { notes } from "../../infra/db/notes-schema";
import { segmentEmbeddings } from "../../infra/db/workspace-schema";
import type { EmbeddingModel } from "../../infra/llm/embedding-model";
import { listSegments } from "../notes/data";

/**
 * Embeds the note's transcript segments and replaces their stored vectors (one transaction: a retried job
 * leaves one set). False when the note is not the user's. Segments edited later keep their old vector
 * until the notes are written again.
 */
export async function indexNoteEmbeddings(
  db: Database,
  model: EmbeddingModel,
  { userId, noteId, signal }: { userId: string; noteId: string; signal?: AbortSignal },
): Promise<boolean> {
  const segments = await listSegments(db, { userId, noteId });
  if (segments.length === 0) return false;
  const vectors = await model.embed(
    segments.map((segment) => segment.text),
    signal,
  );
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
      .limit(1);
    if (!owned) return false;
    await tx.delete(segmentEmbeddings).where(eq(segmentEmbeddings.noteId, noteId));
    // Batches keep each INSERT's parameters well under PostgreSQL's limit.
    for (let first = 0; first < segments.length; first += 200) {
      await tx.insert(segmentEmbeddings).values(
        segments.slice(first, first + 200).map((segment, index) => ({
          noteId,
          position: segment.position,
          model: model.id,
          vector: vectors[first + index] ?? [],
        })),
      );
    }
    return true;
  });
}
