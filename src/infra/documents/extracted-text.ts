// What each format reader returns and takes; extract-text.ts adds nothing but the choice of reader.

export interface ExtractedText {
  /** Cleaned text: "\n" line ends, paragraphs separated by one blank line. */
  text: string;
  /** PDF pages; null for formats without pages (DOCX has no layout without rendering it). */
  pageCount: number | null;
  title: string | null;
}

export interface FormatReaderOptions {
  signal?: AbortSignal;
  /** MAX_DOCUMENT_TEXT_CHARS in production; tests pass less. */
  maxChars: number;
}
