import { z } from "zod";

/** The `transcription.run` job: which note to bring to a final transcription status. */
export const transcribeNoteInput = z.object({ userId: z.string().min(1), noteId: z.uuid() });
export type TranscribeNoteInput = z.infer<typeof transcribeNoteInput>;
