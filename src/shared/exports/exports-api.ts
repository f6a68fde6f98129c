import { z } from "zod";

// The query of `GET /api/notes/{id}/export`: which file, holding what. The export menu builds its links
// from the same lists.

/** The six export formats of issue 5. */
export const exportFormats = ["txt", "md", "docx", "pdf", "srt", "vtt"] as const;
export const exportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormat>;

/** What a document export holds; subtitles (srt, vtt) are always the transcript. */
export const exportContent = z.enum(["notes", "transcript", "all"]);
export type ExportContent = z.infer<typeof exportContent>;
