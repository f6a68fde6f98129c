import { z } from "zod";
import { aiNotesContent, notesTemplates } from "../ai-notes/ai-notes-api";
import { transcriptSegmentSchema } from "../notes/notes-api";
import { noteTypes } from "../notes/statuses";

/** A public link id as minted by newShareId (base64url), with room for longer ones later. */
export const shareIdParam = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * A note in public mode (a shared link or a demo note): what a visitor may read, and nothing that names
 * or identifies the owner (no user id, e-mail, note id, folder or storage key).
 */
export const publicNoteSchema = z
  .object({
    title: z.string(),
    type: z.enum(noteTypes),
    /** ISO time the note was made. */
    createdAt: z.string(),
    durationSeconds: z.number().nullable(),
    language: z.string().nullable(),
    /** Whether the page gets a player, and which element it needs. */
    media: z.object({ kind: z.enum(["audio", "video"]) }).nullable(),
    youtubeVideoId: z.string().nullable(),
    transcript: z.array(transcriptSegmentSchema),
    aiNotes: z.object({ content: aiNotesContent, template: z.enum(notesTemplates), isExtractive: z.boolean() }).nullable(),
  })
  .meta({ id: "PublicNote" });
export type PublicNote = z.infer<typeof publicNoteSchema>;

/** POST /api/notes/{id}/share: the public link's id and its full address. */
export const shareLinkResponseSchema = z.object({ shareId: z.string(), url: z.string() }).meta({ id: "ShareLinkResponse" });
export type ShareLinkResponse = z.infer<typeof shareLinkResponseSchema>;

/** GET /api/shared/{shareId}: the note in public mode. */
export const publicNoteResponseSchema = z.object({ note: publicNoteSchema }).meta({ id: "PublicNoteResponse" });
export type PublicNoteResponse = z.infer<typeof publicNoteResponseSchema>;
