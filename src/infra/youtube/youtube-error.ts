import { type LinkRefusal, LinkRefusedError } from "../net/link-check";

// The codes are the note's failure reasons (core/transcription/failure-status.ts maps each non-retryable
// code to `youtube_<code>`), so the list stays closed: finer detail goes to `refusal`, `httpStatus`,
// `youtubeReason` and the message, for logs.
export type YoutubeErrorCode =
  /** YouTube answers `playabilityStatus.status: "ERROR"` ("Video unavailable", removed, terminated account). */
  | "NOT_FOUND"
  /**
   * LOGIN_REQUIRED (private, age-restricted, bot check), UNPLAYABLE (region, members-only), any other refusal;
   * also what we cannot fetch for good: a 4xx answer, an unreadable one, a link the fetch policy refuses.
   */
  | "UNAVAILABLE"
  /** Live now or upcoming: there is no finished recording to transcribe yet. */
  | "LIVE_NOT_SUPPORTED"
  /** No caption track could be read and no audio format has a direct URL. */
  | "NO_TRANSCRIPT_SOURCE"
  /** Longer than `maxDurationSeconds`, or its audio larger than the download's `maxBytes`. */
  | "TOO_LONG"
  /**
   * YouTube (or its media host) cannot be reached at all: no DNS answer, connection refused, no route,
   * no connection within the connect timeout. A network that is down stays down for minutes: the note
   * says so at once instead of retrying for minutes first.
   */
  | "UNREACHABLE"
  /** Slow answers, connections reset once made, HTTP 5xx and 429: always `isRetryable`. */
  | "NETWORK";

export interface YoutubeErrorOptions {
  cause?: unknown;
  /** `playabilityStatus.reason` as YouTube wrote it, for logs (never shown to users: it is English only). */
  youtubeReason?: string;
  /** Which fetch-policy rule refused a link (PRIVATE_ADDRESS, HOST_NOT_ALLOWED, TOO_LARGE, ...). */
  refusal?: LinkRefusal;
  httpStatus?: number;
}

/** Errors are codes (house style 6); NETWORK errors, and only they, are worth a retry (`isRetryable`). */
export class YoutubeError extends Error {
  override name = "YoutubeError";
  readonly isRetryable: boolean;
  readonly youtubeReason: string | null;
  readonly refusal: LinkRefusal | null;
  readonly httpStatus: number | null;
  constructor(
    readonly code: YoutubeErrorCode,
    message: string = code,
    options: YoutubeErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.isRetryable = code === "NETWORK";
    this.youtubeReason = options.youtubeReason ?? null;
    this.refusal = options.refusal ?? null;
    this.httpStatus = options.httpStatus ?? null;
  }
}

/** HTTP statuses worth another try later: YouTube's 429 rate limit and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A failed HTTP answer: worth a retry for 429 and 5xx (NETWORK), otherwise the video is out of reach. */
export function httpStatusError(status: number, what: string): YoutubeError {
  return new YoutubeError(isRetryableStatus(status) ? "NETWORK" : "UNAVAILABLE", `${what} answered HTTP ${status}`, { httpStatus: status });
}

/**
 * Turns a transport failure into a YoutubeError. A caller's own abort is passed through untouched (it is
 * not a YouTube problem and must not be retried by a job runner); YoutubeErrors pass through too.
 */
export function toYoutubeError(error: unknown): unknown {
  if (error instanceof YoutubeError) return error;
  if (!(error instanceof LinkRefusedError)) return error;
  switch (error.code) {
    case "DNS_FAILED":
    case "UNREACHABLE":
      return new YoutubeError("UNREACHABLE", error.message, { refusal: error.code, cause: error });
    case "TIMEOUT":
    case "HTTP_ERROR":
      // Connection resets and slow answers are usually gone a minute later.
      return new YoutubeError("NETWORK", error.message, { refusal: error.code, cause: error });
    case "TOO_LARGE":
      return new YoutubeError("TOO_LONG", error.message === "TOO_LARGE" ? "the answer is over the size limit" : error.message, {
        refusal: error.code,
        cause: error,
      });
    default:
      // A host off the allow-list or a private address (first hop or a redirect): refused for good.
      return new YoutubeError("UNAVAILABLE", error.message, { refusal: error.code, cause: error });
  }
}
