import type { Database } from "~/infra/db/client";
import type { EmbeddingModel } from "~/infra/llm/embedding-model";
import { listSegments } from "../notes/data";
import { replaceNoteEmbeddings } from "./mutations";

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
  return replaceNoteEmbeddings(db, {
    userId,
    noteId,
    model: model.id,
    embeddings: segments.map((segment, index) => ({ position: segment.position, vector: vectors[index] ?? [] })),
  });
}
