// The meeting-bot calls the dashboard makes (issue 6): send a bot, read its details, remove it.
// Answers are checked with zod: the page must not render half a bot from an unexpected answer.
import { z } from "zod";
import { apiRequest } from "~/app/api/api-client";
import { meetingPlatforms } from "~/shared/meetings/meeting-url";
import type { NoteView } from "~/shared/notes/notes-api";

const sentBotSchema = z.object({ noteId: z.string().min(1), botId: z.string().min(1) });
export type SentBot = z.infer<typeof sentBotSchema>;

/** POST /api/meetings/bots: a meeting note and its bot; errors arrive as ApiError (400, 402, 409). */
export async function sendMeetingBot(input: { url: string; language: string | null }): Promise<SentBot> {
  return sentBotSchema.parse(await apiRequest<unknown>("POST", "/meetings/bots", { body: input }));
}

const botDetailsSchema = z.object({
  platform: z.enum(meetingPlatforms),
  meetingUrl: z.string(),
  botName: z.string(),
  participantCount: z.number().int().nonnegative(),
  history: z.array(z.object({ code: z.string(), subcode: z.string().nullable(), at: z.string() })),
});
export type MeetingBotDetails = z.infer<typeof botDetailsSchema>;

/** GET /api/notes/{id}/bot: where the bot went, who is in the call, and each status it reported. */
export async function fetchMeetingBot(noteId: string, signal?: AbortSignal): Promise<MeetingBotDetails> {
  return botDetailsSchema.parse(await apiRequest<unknown>("GET", `/notes/${encodeURIComponent(noteId)}/bot`, { signal }));
}

/** POST /api/notes/{id}/bot/cancel: the bot leaves; the answer is the note with its new status. */
export async function cancelMeetingBot(noteId: string): Promise<NoteView> {
  const answer = await apiRequest<{ note: NoteView }>("POST", `/notes/${encodeURIComponent(noteId)}/bot/cancel`);
  return answer.note;
}
