// The notes calls the dashboard makes: create (text, YouTube; uploads go through upload-client), read, list, retry.

import { apiRequest } from "~/app/api/api-client";
import type { NotePage, NoteView, TranscriptSegment } from "~/shared/notes/notes-api";

export async function createTextNote(input: { title?: string; text: string }): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("POST", "/notes/text", { body: input });
  return answer.note;
}

export async function fetchNote(id: string, signal?: AbortSignal): Promise<{ note: NoteView; transcript: TranscriptSegment[] }> {
  return apiRequest("GET", `/notes/${encodeURIComponent(id)}`, { signal });
}

export async function createYoutubeNote(input: { url: string; language?: string }): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("POST", "/notes/youtube", { body: input });
  return answer.note;
}

export async function retryTranscription(id: string): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("POST", `/notes/${encodeURIComponent(id)}/retry`);
  return answer.note;
}

/** A page of the user's notes; `filters` are GET /api/notes's search and filter parameters (list-filters.ts). */
export async function fetchNotes(
  { cursor, limit, filters = {} }: { cursor?: string; limit?: number; filters?: Record<string, string | undefined> },
  signal?: AbortSignal,
): Promise<NotePage> {
  return apiRequest("GET", "/notes", { query: { cursor, limit, ...filters }, signal });
}
