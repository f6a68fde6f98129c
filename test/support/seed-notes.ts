import { eq } from "drizzle-orm";
import { saveGeneratedNotes } from "../../src/core/ai-notes/mutations";
import { createNote, replaceSegments, type SegmentInput, updateNote } from "../../src/core/notes/mutations";
import { noteKeys } from "../../src/core/notes/storage-keys";
import { user } from "../../src/infra/db/auth-schema";
import type { Database } from "../../src/infra/db/client";
import type { NoteSource } from "../../src/infra/db/notes-schema";
import type { Storage } from "../../src/infra/storage/storage";
import type { AiNotesContent } from "../../src/shared/ai-notes/ai-notes-api";
import type { NoteType } from "../../src/shared/notes/statuses";

// Notes put straight into a test's database and storage through the domain's own writes, as the
// transcription pipeline leaves them: a finished transcript, media under the note's keys, AI notes.

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export const sampleSegments: SegmentInput[] = [
  {
    start: 0,
    end: 4,
    text: "Good morning everyone",
    speaker: "Speaker 1",
    words: [
      { start: 0, end: 1, word: "Good" },
      { start: 1, end: 2.2, word: "morning" },
      { start: 2.2, end: 4, word: "everyone" },
    ],
  },
  { start: 4, end: 9, text: "The release is on track for Tuesday.", speaker: "Speaker 2", words: null },
  {
    start: 9,
    end: 12,
    text: "Sarah owns the checklist",
    speaker: "Speaker 1",
    words: [
      { start: 9, end: 9.5, word: "Sarah" },
      { start: 9.5, end: 10.5, word: "owns" },
      { start: 10.5, end: 11, word: "the" },
      { start: 11, end: 12, word: "checklist" },
    ],
  },
];

export const sampleAiNotes: AiNotesContent = {
  title: "Weekly product meeting",
  summary: "The release is on track for Tuesday.",
  keyPoints: ["Release on track"],
  decisions: ["Ship on Tuesday"],
  actionItems: [{ text: "Finish the release checklist", owner: "Sarah", due: "Monday" }],
  chapters: [{ title: "Release", start: 4, summary: "Status of the release" }],
};

export interface SeedOptions {
  title?: string;
  type?: NoteType;
  source?: NoteSource;
  /** Stored as the note's original media (and a chunk checkpoint beside it, as the pipeline leaves one). */
  media?: Uint8Array;
  segments?: SegmentInput[];
  aiNotes?: AiNotesContent;
}

export async function seedNote(db: Database, storage: Storage, userId: string, options: SeedOptions = {}): Promise<string> {
  const media = options.media;
  const { id } = await createNote(db, {
    userId,
    type: options.type ?? "file",
    title: options.title ?? "Weekly product meeting",
    source: options.source ?? { kind: "upload", fileName: "meeting.wav", mimeType: "audio/wav", sizeBytes: media?.length ?? 0 },
    transcriptionCode: "transcription_ready",
  });
  if (media) {
    const key = noteKeys.original(userId, id);
    await storage.put(key, Buffer.from(media));
    await storage.put(noteKeys.chunk(userId, id, 0), Buffer.from("{}"));
    await updateNote(db, { userId, noteId: id, patch: { mediaKey: key } });
  }
  await replaceSegments(db, { userId, noteId: id, segments: options.segments ?? sampleSegments });
  if (options.aiNotes) {
    await saveGeneratedNotes(db, {
      userId,
      noteId: id,
      notes: { content: options.aiNotes, template: "general_meeting", language: "en", engine: "test", isExtractive: false },
    });
  }
  return id;
}
