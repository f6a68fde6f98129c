// The note page's calls: playback, title, transcript corrections, speakers, delete, AI notes. Typed by the
// API's contract (decision 021): paths, parameters, bodies and answers are checked at compile time.

import { api, call } from "~/app/api/typed-api";
import type { AiNotes, AiNotesContent, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { NotePlayback, NoteView, TranscriptSegment } from "~/shared/notes/notes-api";

export async function fetchPlayback(id: string, signal?: AbortSignal): Promise<NotePlayback> {
  return call(api().GET("/notes/{id}/playback", { params: { path: { id } }, signal }));
}

export async function renameNote(id: string, title: string): Promise<NoteView> {
  return (await call(api().PATCH("/notes/{id}", { params: { path: { id } }, body: { title } }))).note;
}

export async function deleteNote(id: string): Promise<void> {
  await call(api().DELETE("/notes/{id}", { params: { path: { id } } }));
}

export async function editSegment(
  id: string,
  position: number,
  edit: { text?: string; speaker?: string | null },
): Promise<TranscriptSegment> {
  const path = { id, position };
  return (await call(api().PATCH("/notes/{id}/transcript/{position}", { params: { path }, body: edit }))).segment;
}

export async function renameSpeaker(id: string, from: string, to: string): Promise<number> {
  return (await call(api().POST("/notes/{id}/speakers/rename", { params: { path: { id } }, body: { from, to } }))).renamed;
}

/** The note's AI notes; null until the notes job has written them. */
export async function fetchAiNotes(id: string, signal?: AbortSignal): Promise<AiNotes | null> {
  return (await call(api().GET("/notes/{id}/ai-notes", { params: { path: { id } }, signal }))).aiNotes;
}

export async function saveAiNotes(id: string, content: AiNotesContent): Promise<AiNotes> {
  return (await call(api().PUT("/notes/{id}/ai-notes", { params: { path: { id } }, body: { content } }))).aiNotes;
}

export async function regenerateAiNotes(id: string, template: NotesTemplate | "auto"): Promise<NoteView> {
  return (await call(api().POST("/notes/{id}/ai-notes/regenerate", { params: { path: { id } }, body: { template } }))).note;
}
