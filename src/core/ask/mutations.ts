import { and, eq } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { type ChatCitation, chatMessages, chatThreads } from "../../infra/db/workspace-schema";

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
    message: { role: "user" | "assistant"; content: string; citations?: ChatCitation[]; engine?: string | null };
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
