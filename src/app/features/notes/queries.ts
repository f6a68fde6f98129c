// The notes calls the dashboard makes: create (text, YouTube; uploads go through upload-client), read, list, retry.
import type { NoteView } from "../../../core/notes/schema";
import { apiRequest } from "../../api/api-client";

export interface TranscriptSegment {
  position: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

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

export interface NotesPage {
  items: NoteView[];
  nextCursor: string | null;
}

export async function fetchNotes({ cursor, limit }: { cursor?: string; limit?: number }, signal?: AbortSignal): Promise<NotesPage> {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  if (limit) query.set("limit", String(limit));
  const search = query.size > 0 ? `?${query}` : "";
  return apiRequest("GET", `/notes${search}`, { signal });
}
