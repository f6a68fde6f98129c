// The notes calls the dashboard makes: create (text, YouTube; uploads go through upload-client), read, list, retry.
// Typed by the API's contract (decision 021): paths, parameters, bodies and answers are checked at compile time.

import { api, call } from "~/app/api/typed-api";
import type { paths } from "~/shared/api/generated/api-paths";
import type { NotePage, NoteView, NoteWithTranscript } from "~/shared/notes/notes-api";
import type { TranscriptionLanguages } from "~/shared/notes/transcription-languages";

/** GET /api/notes's search and filter parameters (list-filters.ts builds them; the pages are fetchNotes's own). */
export type NotesFilterQuery = Omit<NonNullable<paths["/notes"]["get"]["parameters"]["query"]>, "cursor" | "limit">;

export async function createTextNote(input: { title?: string; text: string }): Promise<NoteView> {
  return (await call(api().POST("/notes/text", { body: input }))).note;
}

export async function fetchNote(id: string, signal?: AbortSignal): Promise<NoteWithTranscript> {
  return call(api().GET("/notes/{id}", { params: { path: { id } }, signal }));
}

export async function createYoutubeNote(input: { url: string; language?: string }): Promise<NoteView> {
  return (await call(api().POST("/notes/youtube", { body: input }))).note;
}

export async function retryTranscription(id: string): Promise<NoteView> {
  return (await call(api().POST("/notes/{id}/retry", { params: { path: { id } } }))).note;
}

/** A page of the user's notes, searched and filtered by `filters` (list-filters.ts). */
export async function fetchNotes(
  { cursor, limit, filters = {} }: { cursor?: string; limit?: number; filters?: NotesFilterQuery },
  signal?: AbortSignal,
): Promise<NotePage> {
  return call(api().GET("/notes", { params: { query: { cursor, limit, ...filters } }, signal }));
}

/** The spoken languages the server's speech engine transcribes (the language menus offer only these). */
export async function fetchTranscriptionLanguages(): Promise<TranscriptionLanguages> {
  return call(api().GET("/transcription/languages"));
}
