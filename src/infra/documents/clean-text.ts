import { DocumentError } from "./document-error";

// What every format's text goes through before it is stored, so notes look the same whatever the source.

/** A title longer than this is cut at a word boundary (the note header shows one line). */
const TITLE_MAX_CHARS = 200;

/**
 * NFC, "\n" line ends, no control characters (C0, DEL, C1) but tab and newline, no trailing spaces, at most one blank
 * line in a row, no blank lines at either end. Leading indentation stays (code, nested lists).
 */
export function cleanText(raw: string): string {
  return (
    raw
      .normalize("NFC")
      .replace(/\r\n?|[\f\v\u2028\u2029]/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufeff]/g, "")
      .replace(/[ \t\u00a0]+$/gm, "")
      .replace(/\n{3,}/g, "\n\n")
      .replace(/^\n+|\n+$/g, "")
  );
}

/** The first non-blank line, whitespace collapsed, cut to TITLE_MAX_CHARS; null when there is none. */
export function titleFromText(text: string): string | null {
  const line = text
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .find((l) => l.length > 0);
  return line ? shortenTitle(line) : null;
}

export function shortenTitle(title: string): string | null {
  const line = title.replace(/\s+/g, " ").trim();
  if (line.length === 0) return null;
  if (line.length <= TITLE_MAX_CHARS) return line;
  const cut = line.slice(0, TITLE_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > TITLE_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

export function assertTextSize(length: number, maxChars: number): void {
  if (length > maxChars) throw new DocumentError("TOO_LARGE", `the document has more than ${maxChars} characters of text`);
}
