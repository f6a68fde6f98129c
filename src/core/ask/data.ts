import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import { chatMessages, chatThreads } from "../../infra/db/workspace-schema";

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
