import { z } from "zod";
import { meetingCodes, noteTypes } from "../notes/statuses";

// The admin overview (issue 20): the last 30 days across all accounts, one entry per UTC day (zero-filled),
// the failures and the bots' endings as counts per code.

export const overviewDays = 30;

/** What a failure counts as: a transcription that ended without a transcript, or AI notes that failed. */
export const overviewFailureCodes = [
  "transcription_failed",
  "transcription_no_speech_detected",
  "transcription_language_not_supported",
  "notes_failed",
] as const;
export type OverviewFailureCode = (typeof overviewFailureCodes)[number];

const count = z.number().int().min(0);

export const overviewNotesByTypeSchema = z.object(
  Object.fromEntries(noteTypes.map((type) => [type, count])) as Record<(typeof noteTypes)[number], typeof count>,
);
export type OverviewNotesByType = z.infer<typeof overviewNotesByTypeSchema>;

export const overviewDaySchema = z
  .object({
    /** `YYYY-MM-DD`, in UTC. */
    day: z.iso.date(),
    signUps: count,
    notes: overviewNotesByTypeSchema,
    transcriptionMinutes: count,
  })
  .meta({ id: "AdminOverviewDay" });
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const adminOverviewResponseSchema = z
  .object({
    success: z.literal(true),
    /** Oldest first, today (UTC) last. */
    days: z.array(overviewDaySchema),
    failures: z.array(z.object({ code: z.enum(overviewFailureCodes), count })),
    /** Bots that ended in the window, by the code their ending reads as (a `done` after `fatal` is `fatal`). */
    bots: z.array(z.object({ code: z.enum(meetingCodes), count })),
  })
  .meta({ id: "AdminOverviewResponse" });
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
