import { YoutubeError, type YoutubeErrorCode } from "./youtube-error";

// yt-dlp says what went wrong in one English line on stderr, `ERROR: [youtube] <id>: <reason>`, where
// <reason> is YouTube's own playability text (extractor/youtube/_video.py passes it through) or yt-dlp's
// transport error. The video's own state maps to the codes the built-in client gives for it, so the note
// shows the same translated message whichever extractor ran; everything else is yt-dlp failing (an
// outdated extractor, a crash), which the caller answers by trying the built-in client.

/** yt-dlp could not do the job for a reason that is not the video's: the built-in client is worth a try. */
export class YtDlpFailure extends Error {
  override name = "YtDlpFailure";
  constructor(
    message: string,
    readonly stderrTail: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface Rule {
  pattern: RegExp;
  code: YoutubeErrorCode;
}

// First match wins: the rate-limit text starts with "Video unavailable"-like words, so it comes first,
// and the transport errors come before the playability texts that can contain "not available".
const rules: readonly Rule[] = [
  // "This content isn't available, try again later. ... rate-limited by YouTube for up to an hour"
  { pattern: /rate-limited|try again later|HTTP Error 429|Too Many Requests/i, code: "NETWORK" },
  { pattern: /HTTP Error 5\d\d/i, code: "NETWORK" },
  {
    pattern:
      /Temporary failure in name resolution|Name or service not known|nodename nor servname|getaddrinfo failed|No address associated|Connection refused|Network is unreachable|No route to host/i,
    code: "UNREACHABLE",
  },
  { pattern: /timed out|Connection reset|Connection aborted|IncompleteRead|Remote end closed|Connection broken/i, code: "NETWORK" },
  // Upcoming streams and premieres: "This live event will begin in 3 hours.", "Premieres in 2 days".
  {
    pattern: /live event will begin|Premieres? in |Premiere will begin|This live stream recording is not available/i,
    code: "LIVE_NOT_SUPPORTED",
  },
  { pattern: /Private video/i, code: "UNAVAILABLE" },
  { pattern: /confirm your age|age-restricted|inappropriate for some users/i, code: "UNAVAILABLE" },
  // GeoRestrictedError: "The uploader has not made this video available in your country", "...from your location".
  { pattern: /available in your country|from your location|geo restriction|is available in [A-Z, ]+ only/i, code: "UNAVAILABLE" },
  { pattern: /members-only|Join this channel|only available to Music Premium|requires payment/i, code: "UNAVAILABLE" },
  // "Sign in to confirm you're not a bot": the built-in client reads the same LOGIN_REQUIRED as UNAVAILABLE.
  { pattern: /not a bot|Sign in to confirm/i, code: "UNAVAILABLE" },
  {
    pattern:
      /Video unavailable|This video is unavailable|removed by the uploader|account associated with this video has been terminated|no longer available|does not exist|HTTP Error 404|HTTP Error 410|Incomplete YouTube ID|is not a valid URL|Unsupported URL/i,
    code: "NOT_FOUND",
  },
];

/** The reason of the last `ERROR:` line on stderr (yt-dlp prints one per failed URL), without the prefixes. */
export function ytDlpErrorReason(stderr: string): string | null {
  const lines = stderr.split(/\r?\n/).filter((line) => line.startsWith("ERROR:"));
  const last = lines.at(-1);
  if (!last) return null;
  // "ERROR: [youtube] dQw4w9WgXcQ: Private video. ..." -> "Private video. ..."
  return last
    .replace(/^ERROR:\s*/, "")
    .replace(/^\[[^\]]+\]\s*/, "")
    .replace(/^[A-Za-z0-9_.-]{1,64}:\s+/, "")
    .trim();
}

/**
 * The error for a yt-dlp run that exited non-zero: a YoutubeError for what the video or the network did,
 * or a YtDlpFailure when the reason is yt-dlp's own (or it printed no ERROR line at all).
 */
export function ytDlpErrorOf(stderr: string, exitDescription: string): YoutubeError | YtDlpFailure {
  const tail = stderr.slice(-2000);
  const reason = ytDlpErrorReason(stderr);
  if (reason === null) return new YtDlpFailure(`yt-dlp ${exitDescription} without an ERROR line`, tail);
  const rule = rules.find((candidate) => candidate.pattern.test(reason));
  if (!rule) return new YtDlpFailure(`yt-dlp: ${reason}`, tail);
  // youtubeReason is for logs only, as with the built-in client (YouTube writes it in English).
  return new YoutubeError(rule.code, `yt-dlp: ${reason}`, { youtubeReason: reason });
}

/**
 * Errors that say something about the video (or a network the built-in client would meet as well), so
 * trying the built-in client would only repeat them; anything else is worth the fallback.
 */
export function isFinalYtDlpError(error: unknown): error is YoutubeError {
  return error instanceof YoutubeError;
}
