// Where a user's files live in Storage. Kept with notes, the domain every file belongs to, so that the
// domains which write them (transcription, meeting bots) and those which remove them (a deleted note,
// a deleted account) share one layout without importing each other.

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
