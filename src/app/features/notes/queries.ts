// The notes calls the dashboard makes (issue 4: pasted text; later uploads, recordings, YouTube).
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
