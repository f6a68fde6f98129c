import { open } from "node:fs/promises";
import path from "node:path";
import { DocumentError } from "./document-error";
import { listZipEntries, type ZipEntry } from "./zip-entries";

// Which reader a file goes to. The bytes decide first (uploads arrive with wrong names and browsers guess
// MIME types from the name); the name and MIME type only decide between the text formats, which have no
// signature, and whether a ZIP without a directory is a broken DOCX (CORRUPT) or just some ZIP.

export type DocumentFormat = "pdf" | "docx" | "txt" | "markdown";

export type DetectedFormat = { format: "pdf" | "txt" | "markdown" } | { format: "docx"; entries: ZipEntry[] };

export interface FormatHints {
  fileName: string;
  mimeType: string | null;
}

// PDF 1.7 (ISO 32000-1) 7.5.2 wants the header first, but readers (pdfjs included) accept it anywhere
// in the first 1,024 bytes, and some generators do put junk before it.
const HEAD_BYTES = 1024;
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DOCX_MAIN_PART = "word/document.xml";

// Formats people upload by mistake; named so the check does not rest on the NUL-byte heuristic alone.
const BINARY_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: .doc, .xls, .ppt before 2007
  [0x52, 0x49, 0x46, 0x46], // RIFF: WAV, AVI, WebP
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
].map((bytes) => Buffer.from(bytes));

const MIME_HINTS = new Map<string, DocumentFormat>([
  ["application/pdf", "pdf"],
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
  ["text/plain", "txt"],
  ["text/markdown", "markdown"],
  ["text/x-markdown", "markdown"],
]);

const EXTENSION_HINTS = new Map<string, DocumentFormat>([
  [".pdf", "pdf"],
  [".docx", "docx"],
  [".txt", "txt"],
  [".text", "txt"],
  [".md", "markdown"],
  [".markdown", "markdown"],
  [".mdown", "markdown"],
  [".mkd", "markdown"],
]);

function hintedFormat({ fileName, mimeType }: FormatHints): DocumentFormat | null {
  const extension = path.extname(fileName).toLowerCase();
  const mime = (mimeType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return EXTENSION_HINTS.get(extension) ?? MIME_HINTS.get(mime) ?? null;
}

const hasUtf16Bom = (head: Buffer) => (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);

function looksBinary(head: Buffer): boolean {
  if (BINARY_SIGNATURES.some((signature) => head.subarray(0, signature.length).equals(signature))) return true;
  // Text without a UTF-16 BOM has no NUL bytes; nearly every binary format has some in its header.
  return !hasUtf16Bom(head) && head.includes(0);
}

export async function detectDocumentFormat(filePath: string, hints: FormatHints): Promise<DetectedFormat> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new DocumentError("EMPTY", "the file is empty");
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    const hint = hintedFormat(hints);

    if (head.indexOf(PDF_MAGIC) >= 0) return { format: "pdf" };
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
      const entries = await listZipEntries(handle, size);
      if (entries?.some((entry) => entry.name === DOCX_MAIN_PART)) return { format: "docx", entries };
      if (!entries && hint === "docx") throw new DocumentError("CORRUPT", "the DOCX file is truncated or broken (no ZIP directory)");
      throw new DocumentError("UNSUPPORTED", "a ZIP file that is not a Word document");
    }
    if (looksBinary(head)) throw new DocumentError("UNSUPPORTED", "a binary file that is not a PDF or DOCX");
    // Text from here on: a .pdf or .docx name on it is wrong, and only text names are read as text.
    if (hint === "txt" || hint === "markdown") return { format: hint };
    throw new DocumentError("UNSUPPORTED", `not a supported document type (${hints.fileName})`);
  } finally {
    await handle.close();
  }
}
