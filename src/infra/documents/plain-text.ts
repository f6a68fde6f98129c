import { readFile, stat } from "node:fs/promises";
import { assertTextSize, cleanText, shortenTitle, titleFromText } from "./clean-text";
import { DocumentError } from "./document-error";
import type { ExtractedText, FormatReaderOptions } from "./extracted-text";
import { markdownToText } from "./markdown-text";

// Text files: the BOM names the encoding (UTF-8, UTF-16 LE or BE); without one, UTF-8 if the bytes are
// valid UTF-8, else Windows-1252 (what Notepad and Excel exports on Western Windows wrote for decades;
// every byte sequence is valid in it, so decoding cannot fail).

/** The text of a file whose bytes are text. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// 0x80-0x9F of Windows-1252 (the rest is Latin-1). Node 20.20's TextDecoder("windows-1252") decodes plain
// Latin-1 instead (measured here), which turns curly quotes and the euro sign into control characters.
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80] ?? character);
}

export async function extractPlainText(
  filePath: string,
  { signal, maxChars, format }: FormatReaderOptions & { format: "txt" | "markdown" },
): Promise<ExtractedText> {
  // Every encoding read here spends at most 3 bytes per UTF-16 code unit (UTF-8's 3-byte characters),
  // so a file over 3x the limit (plus a BOM) is too large before we read it: memory stays bounded.
  const { size } = await stat(filePath);
  assertTextSize(Math.floor((size - 3) / 3), maxChars);
  const raw = decodeText(await readFile(filePath, { signal }));
  const markdown = format === "markdown" ? markdownToText(raw) : null;
  const text = cleanText(markdown?.text ?? raw);
  assertTextSize(text.length, maxChars);
  if (text.length === 0) throw new DocumentError("EMPTY", "the file has no text");
  const heading = markdown?.heading ? shortenTitle(markdown.heading) : null;
  return { text, pageCount: null, title: heading ?? titleFromText(text) };
}
