import { z } from "zod";
import { botHeartbeatReplySchema } from "./bot-callbacks";
import { meetingPlatforms } from "./meeting-url";

// Answers of the meeting bot calls, named components in /api/openapi.json (zod's `.meta({ id })`).

/** POST /api/meetings/bots: the meeting note made for the call and the bot queued for it. */
export const meetingBotSentSchema = z.object({ noteId: z.string(), botId: z.string() }).meta({ id: "MeetingBotSent" });
export type MeetingBotSent = z.infer<typeof meetingBotSentSchema>;

/** GET /api/notes/{id}/bot: the meeting note's bot, the people in the call and the statuses so far. */
export const meetingBotViewSchema = z
  .object({
    platform: z.enum(meetingPlatforms),
    meetingUrl: z.string(),
    botName: z.string(),
    participantCount: z.number().int(),
    history: z.array(z.object({ code: z.string(), subcode: z.string().nullable(), at: z.string() })),
  })
  .meta({ id: "MeetingBotView" });
export type MeetingBotView = z.infer<typeof meetingBotViewSchema>;

/** The heartbeat's reply as a named component; `.meta` names a copy, so the bot's own schema stays as it is. */
export const botHeartbeatReplyResponseSchema = botHeartbeatReplySchema.meta({ id: "BotHeartbeatReply" });
