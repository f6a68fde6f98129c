// The note page's calls: playback, title, transcript corrections, speakers, delete, AI notes.

import { apiRequest } from "~/app/api/api-client";
import type { AiNotes, AiNotesContent, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { NoteView, TranscriptSegment } from "~/shared/notes/notes-api";

const notePath = (id: string) => `/notes/${encodeURIComponent(id)}`;

export interface Playback {
  media: { kind: "audio" | "video"; url: string } | null;
  youtubeVideoId: string | null;
}

export async function fetchPlayback(id: string, signal?: AbortSignal): Promise<Playback> {
  return apiRequest("GET", `${notePath(id)}/playback`, { signal });
}

export async function renameNote(id: string, title: string): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("PATCH", notePath(id), { body: { title } });
  return answer.note;
}

export async function deleteNote(id: string): Promise<void> {
  await apiRequest("DELETE", notePath(id));
}

export async function editSegment(
  id: string,
  position: number,
  edit: { text?: string; speaker?: string | null },
): Promise<TranscriptSegment> {
  const answer = await apiRequest<{ segment: TranscriptSegment }>("PATCH", `${notePath(id)}/transcript/${position}`, { body: edit });
  return answer.segment;
}

export async function renameSpeaker(id: string, from: string, to: string): Promise<number> {
  const answer = await apiRequest<{ renamed: number }>("POST", `${notePath(id)}/speakers/rename`, { body: { from, to } });
  return answer.renamed;
}

/** The note's AI notes; null until the notes job has written them. */
export async function fetchAiNotes(id: string, signal?: AbortSignal): Promise<AiNotes | null> {
  const answer = await apiRequest<{ aiNotes: AiNotes | null }>("GET", `${notePath(id)}/ai-notes`, { signal });
  return answer.aiNotes;
}

export async function saveAiNotes(id: string, content: AiNotesContent): Promise<AiNotes> {
  const answer = await apiRequest<{ aiNotes: AiNotes }>("PUT", `${notePath(id)}/ai-notes`, { body: { content } });
  return answer.aiNotes;
}

export async function regenerateAiNotes(id: string, template: NotesTemplate | "auto"): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("POST", `${notePath(id)}/ai-notes/regenerate`, { body: { template } });
  return answer.note;
}
