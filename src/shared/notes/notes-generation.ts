/** The AI-notes job's status on a note (issue 5): it starts when the transcription is ready. */
export const notesGenerationStatuses = ["notes_in_progress", "notes_ready", "notes_failed"] as const;
export type NotesGenerationStatus = (typeof notesGenerationStatuses)[number];
