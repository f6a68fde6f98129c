// The meeting-bot calls the dashboard makes (issue 6): send a bot, read its details, remove it. Typed by
// the API's contract (decision 021): paths, bodies and answers are checked at compile time.

import { api, call } from "~/app/api/typed-api";
import type { MeetingBotSent, MeetingBotView } from "~/shared/meetings/meetings-api";
import type { NoteView } from "~/shared/notes/notes-api";

/** POST /api/meetings/bots: a meeting note and its bot; errors arrive as ApiError (400, 402, 409). */
export async function sendMeetingBot(input: { url: string; language: string | null }): Promise<MeetingBotSent> {
  return call(api().POST("/meetings/bots", { body: input }));
}

/** GET /api/notes/{id}/bot: where the bot went, who is in the call, and each status it reported. */
export async function fetchMeetingBot(noteId: string, signal?: AbortSignal): Promise<MeetingBotView> {
  return call(api().GET("/notes/{id}/bot", { params: { path: { id: noteId } }, signal }));
}

/** POST /api/notes/{id}/bot/cancel: the bot leaves; the answer is the note with its new status. */
export async function cancelMeetingBot(noteId: string): Promise<NoteView> {
  return (await call(api().POST("/notes/{id}/bot/cancel", { params: { path: { id: noteId } } }))).note;
}
