import { z } from "zod";

/** The `transcription.run` job: which note to bring to a final transcription status. */
export const transcribeNoteInput = z.object({ userId: z.string().min(1), noteId: z.uuid() });
export type TranscribeNoteInput = z.infer<typeof transcribeNoteInput>;

/** Where all of a user's files live in Storage (removed with the account). */
export const userFilesPrefix = (userId: string) => `users/${userId}`;

/** Storage keys of a note's files: the original media or document and the finished-chunk checkpoints. */
export const noteKeys = {
  prefix: (userId: string, noteId: string) => `${userFilesPrefix(userId)}/notes/${noteId}`,
  original: (userId: string, noteId: string) => `users/${userId}/notes/${noteId}/original`,
  chunk: (userId: string, noteId: string, index: number) => `users/${userId}/notes/${noteId}/chunks/${index}.json`,
  chunks: (userId: string, noteId: string) => `users/${userId}/notes/${noteId}/chunks`,
  /** A meeting bot's recording arrives in numbered webm parts, joined into `original` when the call ends. */
  recordingPart: (userId: string, noteId: string, part: number) =>
    `users/${userId}/notes/${noteId}/recording-parts/${String(part).padStart(6, "0")}.webm`,
  recordingParts: (userId: string, noteId: string) => `users/${userId}/notes/${noteId}/recording-parts`,
};
