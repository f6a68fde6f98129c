import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notes } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";
import type { AiNotes } from "~/shared/ai-notes/ai-notes-api";

/** The AI notes of the user's note, or null when there are none yet (or the note is not the user's). */
export async function findAiNotes(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<AiNotes | null> {
  const [row] = await db
    .select({
      content: aiNotes.content,
      template: aiNotes.template,
      language: aiNotes.language,
      engine: aiNotes.engine,
      isExtractive: aiNotes.isExtractive,
      fallbackReason: aiNotes.fallbackReason,
      isEdited: aiNotes.isEdited,
      updatedAt: aiNotes.updatedAt,
    })
    .from(aiNotes)
    .innerJoin(notes, eq(notes.id, aiNotes.noteId))
    .where(and(eq(notes.userId, userId), eq(aiNotes.noteId, noteId)))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}
