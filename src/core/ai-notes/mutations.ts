import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notifyNoteChanged } from "~/infra/db/note-changes";
import { notes } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";
import type { AiNotesContent, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { NotesGenerationStatus } from "~/shared/notes/notes-generation";

export interface GeneratedNotes {
  content: AiNotesContent;
  template: NotesTemplate;
  language: string;
  engine: string;
  isExtractive: boolean;
  /** Set when extracted highlights stand in for the model's notes: why (a `notesFailure.<reason>`). */
  fallbackReason?: string | null;
}

async function isOwner(db: Database, { userId, noteId }: { userId: string; noteId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .limit(1);
  return row !== undefined;
}

/** Stores freshly generated notes (replacing earlier ones, edits included: regenerate is the user's choice). */
export async function saveGeneratedNotes(
  db: Database,
  { userId, noteId, notes: generated }: { userId: string; noteId: string; notes: GeneratedNotes },
): Promise<boolean> {
  if (!(await isOwner(db, { userId, noteId }))) return false;
  const values = { ...generated, fallbackReason: generated.fallbackReason ?? null, isEdited: false, updatedAt: new Date() };
  await db
    .insert(aiNotes)
    .values({ noteId, ...values })
    .onConflictDoUpdate({ target: aiNotes.noteId, set: values });
  return true;
}

/** A person's edit of the notes; false when the note is not the user's or has no notes yet. */
export async function editAiNotes(
  db: Database,
  { userId, noteId, content }: { userId: string; noteId: string; content: AiNotesContent },
): Promise<boolean> {
  if (!(await isOwner(db, { userId, noteId }))) return false;
  const rows = await db
    .update(aiNotes)
    .set({ content, isEdited: true, updatedAt: new Date() })
    .where(eq(aiNotes.noteId, noteId))
    .returning({ noteId: aiNotes.noteId });
  if (rows.length === 0) return false;
  await notifyNoteChanged(db, { userId, noteId });
  return true;
}

/** The notes job's status on the note (live on open pages through the note-changed events). */
export async function setNotesStatus(
  db: Database,
  {
    userId,
    noteId,
    status,
    progress = null,
    error = null,
  }: { userId: string; noteId: string; status: NotesGenerationStatus; progress?: number | null; error?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ notesStatus: status, notesProgress: progress, notesError: error, updatedAt: new Date() })
    .where(and(eq(notes.userId, userId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  if (rows.length === 0) return false;
  await notifyNoteChanged(db, { userId, noteId });
  return true;
}
