import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { chatMessages, chatThreads, segmentEmbeddings } from "~/infra/db/workspace-schema";
import type { Citation } from "~/shared/ask/ask-api";
import { replaceRowsOfNote } from "../notes/mutations";

/** A new chat titled by its first question. */
export async function createThread(
  db: Database,
  { userId, noteId, title }: { userId: string; noteId: string | null; title: string },
): Promise<string> {
  const [row] = await db
    .insert(chatThreads)
    .values({ userId, noteId, title: title.slice(0, 120) })
    .returning({ id: chatThreads.id });
  if (!row) throw new Error("chat thread insert returned nothing");
  return row.id;
}

/** Appends a message to the user's chat (false when the chat is not theirs). */
export async function addMessage(
  db: Database,
  {
    userId,
    threadId,
    message,
  }: {
    userId: string;
    threadId: string;
    message: { role: "user" | "assistant"; content: string; citations?: Citation[]; engine?: string | null };
  },
): Promise<{ id: string; createdAt: string } | null> {
  const touched = await db
    .update(chatThreads)
    .set({ updatedAt: new Date() })
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, threadId)))
    .returning({ id: chatThreads.id });
  if (touched.length === 0) return null;
  const [row] = await db
    .insert(chatMessages)
    .values({ threadId, role: message.role, content: message.content, citations: message.citations ?? [], engine: message.engine ?? null })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  return row ? { id: row.id, createdAt: row.createdAt.toISOString() } : null;
}

export async function deleteThread(db: Database, { userId, threadId }: { userId: string; threadId: string }): Promise<boolean> {
  const rows = await db
    .delete(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, threadId)))
    .returning({ id: chatThreads.id });
  return rows.length > 0;
}

/**
 * Replaces the stored vectors of the user's note, one per transcript segment (one transaction: a retried
 * job leaves one set). False when the note is not the user's.
 */
export async function replaceNoteEmbeddings(
  db: Database,
  {
    userId,
    noteId,
    model,
    embeddings,
  }: { userId: string; noteId: string; model: string; embeddings: readonly { position: number; vector: number[] }[] },
): Promise<boolean> {
  return replaceRowsOfNote(db, segmentEmbeddings, {
    userId,
    noteId,
    rows: embeddings.map(({ position, vector }) => ({ noteId, position, model, vector })),
    // Vectors are large parameters: smaller batches keep each INSERT well under PostgreSQL's limit.
    batchSize: 200,
  });
}
