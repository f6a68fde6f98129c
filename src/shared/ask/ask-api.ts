import { z } from "zod";

// What the ask-AI API answers: chats, their messages and the passages an answer cites. The chat
// messages table stores citations in this same shape.

/** A passage an answer used: the note and transcript segment (with its time, to seek the player). */
export const citationSchema = z
  .object({
    noteId: z.string(),
    noteTitle: z.string(),
    /** Transcript segment position, or null for a passage of the AI notes. */
    position: z.number().nullable(),
    start: z.number().nullable(),
    end: z.number().nullable(),
    quote: z.string(),
  })
  .meta({ id: "Citation" });
export type Citation = z.infer<typeof citationSchema>;

export const chatMessageViewSchema = z
  .object({
    id: z.string(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    citations: z.array(citationSchema),
    /** `extractive` when no model answered (the answer quotes passages). */
    engine: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const chatThreadViewSchema = z
  .object({ id: z.string(), noteId: z.string().nullable(), title: z.string(), updatedAt: z.string() })
  .meta({ id: "ChatThread" });
export type ChatThreadView = z.infer<typeof chatThreadViewSchema>;

/** GET /api/ask/threads: every chat at once (the list shape of spec section 3, nextCursor always null). */
export const chatThreadListSchema = z.object({ items: z.array(chatThreadViewSchema), nextCursor: z.null() }).meta({ id: "ChatThreadList" });
export type ChatThreadList = z.infer<typeof chatThreadListSchema>;

/** GET /api/ask/threads/{id}/messages: a chat's messages, oldest first. */
export const chatMessageListSchema = z.object({ items: z.array(chatMessageViewSchema) }).meta({ id: "ChatMessageList" });
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;
