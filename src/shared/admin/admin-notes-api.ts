import { z } from "zod";
import { aiNotesSchema } from "../ai-notes/ai-notes-api";
import { noteViewSchema, transcriptSegmentSchema } from "../notes/notes-api";
import { notesGenerationStatuses } from "../notes/notes-generation";
import { meetingCodes, noteTypes, transcriptionCodes } from "../notes/statuses";

// The admin notes screens (issue 20): notes across all users, one note read-only, and retries.

/** A status filter: a transcription code or an AI-notes status; `failed` is either part failed. */
export const adminNoteStatusFilters = ["failed", ...transcriptionCodes, ...notesGenerationStatuses] as const;
export type AdminNoteStatusFilter = (typeof adminNoteStatusFilters)[number];

export const adminNoteRowSchema = z
  .object({
    id: z.uuid(),
    ownerId: z.string(),
    ownerEmail: z.string(),
    /** The title, or "" when the note keeps its automatic title (the page shows the type then). */
    title: z.string(),
    type: z.enum(noteTypes),
    transcriptionCode: z.enum(transcriptionCodes).nullable(),
    transcriptionError: z.string().nullable(),
    notesStatus: z.enum(notesGenerationStatuses).nullable(),
    notesError: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: "AdminNoteRow" });
export type AdminNoteRow = z.infer<typeof adminNoteRowSchema>;

export const adminNotePageSchema = z
  .object({ items: z.array(adminNoteRowSchema), nextCursor: z.string().nullable(), ownerEmail: z.string().nullable() })
  .meta({ id: "AdminNotePage" });
export type AdminNotePage = z.infer<typeof adminNotePageSchema>;

/** One pg-boss job of a note (transcription or AI notes): attempts and why the last one failed. */
export const adminJobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    state: z.string(),
    /** Attempts beyond the first (pg-boss retry_count). */
    retryCount: z.number().int(),
    retryLimit: z.number().int(),
    /** The failure message pg-boss kept (output.message), null when none. */
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: "AdminJob" });
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminMeetingStatusSchema = z.object({
  code: z.enum(meetingCodes),
  subcode: z.string().nullable(),
  sequence: z.number().int(),
  at: z.string(),
});

export const adminNoteDetailSchema = z
  .object({
    ownerId: z.string(),
    ownerEmail: z.string(),
    note: noteViewSchema,
    transcript: z.array(transcriptSegmentSchema),
    aiNotes: z.union([aiNotesSchema, z.null()]),
    /** The bot's reported statuses in order (meeting notes sent a bot), else []. */
    meetingHistory: z.array(adminMeetingStatusSchema),
    jobs: z.array(adminJobSchema),
  })
  .meta({ id: "AdminNoteDetail" });
export type AdminNoteDetail = z.infer<typeof adminNoteDetailSchema>;

export const adminRetryInputSchema = z.object({ what: z.enum(["transcription", "notes"]) }).strict();
export type AdminRetryWhat = z.infer<typeof adminRetryInputSchema>["what"];
export const adminRetryResponseSchema = z
  .object({ success: z.literal(true), queued: z.enum(["transcription", "notes"]) })
  .meta({ id: "AdminRetryResponse" });
