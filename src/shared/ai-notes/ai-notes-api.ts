import { z } from "zod";

/** Issue 5: the templates a user can choose; `auto` lets the generator detect one from the transcript. */
export const notesTemplates = ["general_meeting", "one_on_one", "stand_up", "sales_call", "interview", "lecture", "youtube_video"] as const;
export type NotesTemplate = (typeof notesTemplates)[number];
export const notesTemplateChoice = z.enum([...notesTemplates, "auto"]);

/** Seconds from the start of the media. */
const seconds = z.number().min(0);

export const actionItem = z.object({
  text: z.string().min(1),
  /** Who said they would do it, when someone did. */
  owner: z.string().nullable(),
  /**
   * When it is due, when that was said: an ISO date (`2026-11-27`) where the extractive notes resolved the
   * phrase against the meeting's date, else as said ("Friday", "by 3 March", "next month").
   */
  due: z.string().nullable(),
});
export type ActionItem = z.infer<typeof actionItem>;

export const chapter = z.object({ title: z.string().min(1), start: seconds, summary: z.string() });
export type Chapter = z.infer<typeof chapter>;

/** The AI notes of one note, as stored and as the API answers them. Editing writes the same shape. */
export const aiNotesContent = z.object({
  title: z.string().max(200),
  summary: z.string().max(20_000),
  keyPoints: z.array(z.string().min(1).max(2000)).max(100),
  decisions: z.array(z.string().min(1).max(2000)).max(100),
  actionItems: z.array(actionItem).max(100),
  chapters: z.array(chapter).max(200),
});
export type AiNotesContent = z.infer<typeof aiNotesContent>;

/** A note's AI notes as `GET`/`PUT /api/notes/{id}/ai-notes` answer them. */
export const aiNotesSchema = z
  .object({
    content: aiNotesContent,
    template: z.enum(notesTemplates),
    /** The language the notes are written in. */
    language: z.string(),
    /** Which engine wrote them (`extractive` when no language model is configured). */
    engine: z.string(),
    isExtractive: z.boolean(),
    /**
     * Why extracted highlights stand in for the configured model's notes (`cut_off`, `looping_answer`,
     * `engine_failed`...: notes catalog `notesFailure.<reason>`); null when the model wrote them or none is configured.
     */
    fallbackReason: z.string().nullable(),
    isEdited: z.boolean(),
    /** ISO 8601. */
    updatedAt: z.string(),
  })
  .meta({ id: "AiNotes" });
export type AiNotes = z.infer<typeof aiNotesSchema>;

/** GET /api/notes/{id}/ai-notes: null until the notes are generated. */
// A union, not `.nullable()`: zod-to-openapi would mark the named AiNotes component itself nullable, and
// with it every answer that references it (a save's answer is never null).
export const aiNotesResponseSchema = z.object({ aiNotes: z.union([aiNotesSchema, z.null()]) }).meta({ id: "AiNotesResponse" });
export type AiNotesResponse = z.infer<typeof aiNotesResponseSchema>;

/** PUT /api/notes/{id}/ai-notes: the notes as saved (never null: there is nothing to edit before). */
export const savedAiNotesResponseSchema = z.object({ aiNotes: aiNotesSchema }).meta({ id: "SavedAiNotesResponse" });
export type SavedAiNotesResponse = z.infer<typeof savedAiNotesResponseSchema>;
