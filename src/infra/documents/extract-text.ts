import { detectDocumentFormat } from "./detect-format";
import { MAX_DOCUMENT_TEXT_CHARS } from "./document-error";
import type { ExtractedText } from "./extracted-text";
import { extractPdfTextInThread } from "./pdf-text-thread";
import { extractPlainText } from "./plain-text";

// # Document text (notes of type `document`)
//
// `extractDocumentText(path, { fileName, mimeType, signal })` turns an uploaded file into the note's text.
//
// - Format: the bytes decide (`%PDF-` in the first KiB; a ZIP whose directory lists word/document.xml);
//   the name and MIME type only pick between TXT and Markdown, which have no signature
//   (detect-format.ts). Anything else is UNSUPPORTED, whatever it is called.
// - PDF (pdf-text.ts, run in a worker thread by pdf-text-thread.ts so that its core-js polyfills never
//   replace this process's JSON): pdfjs-dist's legacy build, with eval, font loading and every fetch off. Lines come
//   from pdfjs's end-of-line marks and item baselines; a gap over 1.7 line heights is a paragraph. Pages
//   are read one at a time and cleaned up, the signal is checked between pages and every await can be
//   abandoned on abort. Password -> ENCRYPTED, pages without text -> NO_TEXT, pdfjs failures -> CORRUPT.
// - DOCX (docx-text.ts): mammoth.extractRawText, after a look at the ZIP directory so that a ZIP bomb is
//   TOO_LARGE before it is inflated.
// - TXT and Markdown (plain-text.ts, markdown-text.ts): UTF-8, UTF-16 LE/BE by BOM, else Windows-1252;
//   Markdown loses its markup and keeps its words.
// - All text is cleaned the same way (clean-text.ts: NFC, "\n", one blank line between paragraphs).
//   Title: the PDF's /Title (or XMP dc:title), Markdown's first heading, else the first line.
// - Errors are DocumentError codes (document-error.ts), none retryable. An abort rejects with the
//   signal's reason, not a DocumentError: it says nothing about the file.
// - `language` is always undefined here: detection belongs to whoever reads the text next.

export interface ExtractDocumentTextOptions {
  /** The name it was uploaded under, for its extension. */
  fileName: string;
  /** As the browser sent it; may be null or wrong. */
  mimeType: string | null;
  signal?: AbortSignal;
}

export interface ExtractedDocumentText extends ExtractedText {
  language?: undefined;
}

export async function extractDocumentText(filePath: string, options: ExtractDocumentTextOptions): Promise<ExtractedDocumentText> {
  const { signal } = options;
  signal?.throwIfAborted();
  const detected = await detectDocumentFormat(filePath, options);
  signal?.throwIfAborted();
  const reader = { signal, maxChars: MAX_DOCUMENT_TEXT_CHARS };
  switch (detected.format) {
    case "pdf":
      return extractPdfTextInThread(filePath, reader);
    case "docx":
      // mammoth loads with the first DOCX, not with the process (issue 22).
      return (await import("./docx-text")).extractDocxText(filePath, { ...reader, entries: detected.entries });
    case "txt":
    case "markdown":
      return extractPlainText(filePath, { ...reader, format: detected.format });
  }
}
