import { readFile } from "node:fs/promises";
import { getDocument, type PDFDocumentProxy, type PDFPageProxy, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { abortable } from "./abortable";
import { assertTextSize, cleanText, shortenTitle, titleFromText } from "./clean-text";
import { DocumentError } from "./document-error";
import type { ExtractedText, FormatReaderOptions } from "./extracted-text";

// PDF text through pdfjs-dist's legacy build (the one meant for Node). pdfjs runs its "worker" in this
// thread (Node has no web Worker), so every await below is abortable and pages are read one at a time
// and released with page.cleanup(): memory follows the largest page, not the whole document.

export type TextContentItem = Awaited<ReturnType<PDFPageProxy["getTextContent"]>>["items"][number];

interface Line {
  text: string;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  height: number;
}

// A baseline step over 1.7 line heights is a paragraph break: ordinary leading is 1.2, "1.5 lines"
// spacing 1.5 (measured on Word and LibreOffice exports); double-spaced text reads as paragraphs.
const PARAGRAPH_GAP = 1.7;
// Items whose baselines differ by less than half a line are one line (superscripts, mixed fonts).
const SAME_LINE = 0.5;

/** A page's text items as lines; a blank line where the gap between baselines says paragraph. */
export function layoutPageText(items: readonly TextContentItem[]): string {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    if (!("str" in item)) continue; // marked-content markers
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.abs(item.transform[3] ?? 0);
    if (item.str.length > 0) {
      if (current && Math.abs(current.y - y) > Math.max(current.height, height, 1) * SAME_LINE) current = null;
      if (!current) {
        current = { text: "", y, height };
        lines.push(current);
      }
      current.text += item.str;
      current.height = Math.max(current.height, height);
    }
    if (item.hasEOL) current = null;
  }
  return lines
    .map((line, index) => {
      const previous = lines[index - 1];
      if (!previous) return line.text;
      const gap = previous.y - line.y;
      // Going up the page (a new column, a footer read first) also starts a paragraph.
      const isParagraph = gap < 0 || gap > PARAGRAPH_GAP * Math.max(previous.height, line.height, 1);
      return `${isParagraph ? "\n\n" : "\n"}${line.text}`;
    })
    .join("");
}

/** The Info dictionary's /Title, else the XMP dc:title; null when neither has text. */
async function metadataTitle(document: PDFDocumentProxy): Promise<string | null> {
  const { info, metadata } = await document.getMetadata();
  const infoTitle: unknown = info && "Title" in info ? info.Title : null;
  if (typeof infoTitle === "string" && shortenTitle(infoTitle)) return shortenTitle(infoTitle);
  const xmpTitle: unknown = metadata?.get("dc:title");
  return typeof xmpTitle === "string" ? shortenTitle(xmpTitle) : null;
}

function toDocumentError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof DocumentError) return error;
  if (signal?.aborted) return signal.reason;
  // pdfjs raises PasswordException (code 1: no password given) before any page is read.
  if (error instanceof Error && error.name === "PasswordException") {
    return new DocumentError("ENCRYPTED", "the PDF is password-protected", { cause: error });
  }
  // InvalidPDFException, FormatError, UnknownErrorException, "Invalid page request"...: all mean the
  // file's structure is broken; the cause keeps pdfjs's words for the logs.
  const reason = error instanceof Error ? error.message : String(error);
  return new DocumentError("CORRUPT", `the PDF is truncated or broken: ${reason}`, { cause: error });
}

export async function extractPdfText(filePath: string, { signal, maxChars }: FormatReaderOptions): Promise<ExtractedText> {
  const file = await readFile(filePath, { signal });
  const task = getDocument({
    data: new Uint8Array(file.buffer, file.byteOffset, file.byteLength),
    // No code generation from the file, no fonts loaded or fetched (text extraction needs neither),
    // no network, and pdfjs's warnings kept off the console.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await abortable(task.promise, signal);
    const pages: string[] = [];
    let length = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      signal?.throwIfAborted();
      const page = await abortable(document.getPage(pageNumber), signal);
      try {
        const content = await abortable(page.getTextContent(), signal);
        const pageText = cleanText(layoutPageText(content.items));
        if (pageText.length === 0) continue;
        length += pageText.length + (pages.length > 0 ? 2 : 0);
        assertTextSize(length, maxChars);
        pages.push(pageText);
      } finally {
        page.cleanup();
      }
    }
    if (document.numPages === 0) throw new DocumentError("EMPTY", "the PDF has no pages");
    const text = pages.join("\n\n");
    if (text.length === 0) throw new DocumentError("NO_TEXT", "the PDF has no text layer (scanned or images only)");
    const title = (await abortable(metadataTitle(document), signal)) ?? titleFromText(text);
    return { text, pageCount: document.numPages, title };
  } catch (error) {
    throw toDocumentError(error, signal);
  } finally {
    await task.destroy();
  }
}
