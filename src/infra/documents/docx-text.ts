import mammoth from "mammoth";
import { abortable } from "./abortable";
import { assertTextSize, cleanText, titleFromText } from "./clean-text";
import { DocumentError } from "./document-error";
import type { ExtractedText, FormatReaderOptions } from "./extracted-text";
import type { ZipEntry } from "./zip-entries";

// DOCX text through mammoth.extractRawText: paragraphs as blocks separated by a blank line, runs joined,
// no styles. mammoth unpacks the ZIP in memory and cannot be stopped midway, so the size of
// word/document.xml is checked from the ZIP directory first (a ZIP bomb stops here, not in the heap).

// spec: 2,000,000 characters of text; Word's XML runs 5-50 bytes per character of text, so a main part
// over 100 MiB cannot be a document we would accept anyway.
const MAX_DOCUMENT_XML_BYTES = 100 * 1024 * 1024;

export async function extractDocxText(
  filePath: string,
  { signal, maxChars, entries }: FormatReaderOptions & { entries: readonly ZipEntry[] },
): Promise<ExtractedText> {
  const main = entries.find((entry) => entry.name === "word/document.xml");
  if ((main?.uncompressedSize ?? 0) > MAX_DOCUMENT_XML_BYTES) {
    throw new DocumentError("TOO_LARGE", "the Word document's text part is larger than we read");
  }
  signal?.throwIfAborted();
  let raw: string;
  try {
    raw = (await abortable(mammoth.extractRawText({ path: filePath }), signal)).value;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DocumentError("CORRUPT", `the DOCX file is truncated or broken: ${reason}`, { cause: error });
  }
  const text = cleanText(raw);
  assertTextSize(text.length, maxChars);
  if (text.length === 0) throw new DocumentError("EMPTY", "the Word document has no text");
  return { text, pageCount: null, title: titleFromText(text) };
}
