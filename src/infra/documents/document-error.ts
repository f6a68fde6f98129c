// The one error type of document extraction. Every code is a property of the file, so a retry cannot fix
// it: `isRetryable` is always false (the note shows the code as its status reason, like MediaError).

/**
 * The most text one document may give, counted as JavaScript string length (UTF-16 code units).
 * spec: 2,000,000 characters — about 1,000 pages of prose, far past what a summary prompt can take.
 */
export const MAX_DOCUMENT_TEXT_CHARS = 2_000_000;

export type DocumentErrorCode =
  /** 0 bytes, or a text file / DOCX with nothing but whitespace. */
  | "EMPTY"
  /** A PDF that needs a password to open. */
  | "ENCRYPTED"
  /** A PDF with pages but no text layer (a scan, images only). */
  | "NO_TEXT"
  /** A PDF or DOCX that is truncated or broken. */
  | "CORRUPT"
  /** Not a format we read (an image, a spreadsheet, a PNG renamed .pdf...). */
  | "UNSUPPORTED"
  /** More than MAX_DOCUMENT_TEXT_CHARS of text. */
  | "TOO_LARGE";

export class DocumentError extends Error {
  override name = "DocumentError";
  readonly isRetryable = false;
  constructor(
    readonly code: DocumentErrorCode,
    message: string = code,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
