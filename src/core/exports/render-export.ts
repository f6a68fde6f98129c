import type { ExportFormat } from "~/shared/exports/exports-api";
import type { ExportableNote, ExportRequest } from "./schema";
import { toSrt, toVtt } from "./subtitle-export";
import { toMarkdown, toPlainText } from "./text-export";

/** The Content-Type of each format (the text ones say UTF-8, which is what they are written in). */
export const exportMediaTypes: Record<ExportFormat, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  srt: "application/x-subrip; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
};

/** The file's bytes (or text) in `format`; subtitles ignore `request.content` and hold the transcript. */
export async function renderExport(note: ExportableNote, format: ExportFormat, request: ExportRequest): Promise<Uint8Array | string> {
  switch (format) {
    case "txt":
      return toPlainText(note, request);
    case "md":
      return toMarkdown(note, request);
    // docx and pdfkit load on the first such export, not with the server (issue 22: ~0.25 s of start-up).
    case "docx":
      return (await import("./docx-export")).toDocx(note, request);
    case "pdf":
      return (await import("./pdf-export")).toPdf(note, request);
    case "srt":
      return toSrt(note.segments);
    case "vtt":
      return toVtt(note.segments);
  }
}
