import { describe, expect, it } from "vitest";
import { YoutubeError } from "./youtube-error";
import { isFinalYtDlpError, YtDlpFailure, ytDlpErrorOf, ytDlpErrorReason } from "./yt-dlp-errors";
import { hasJsRuntimes } from "./yt-dlp-extractor";

// The ERROR lines as yt-dlp prints them: YouTube's playability texts passed through by
// extractor/youtube/_video.py (with yt-dlp's own hints appended), GeoRestrictedError, and the transport
// errors of its networking layer.
const cases: [string, string][] = [
  ["ERROR: [youtube] dQw4w9WgXcQ: Video unavailable", "NOT_FOUND"],
  ["ERROR: [youtube] dQw4w9WgXcQ: Video unavailable. This video has been removed by the uploader", "NOT_FOUND"],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.",
    "NOT_FOUND",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXc: Incomplete YouTube ID dQw4w9WgXc. URL https://www.youtube.com/watch?v=dQw4w9WgXc looks truncated.",
    "NOT_FOUND",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Private video. Sign in if you've been granted access to this video. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies",
    "UNAVAILABLE",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm your age. This video may be inappropriate for some users. Use --cookies-from-browser or --cookies for the authentication.",
    "UNAVAILABLE",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: The uploader has not made this video available in your country. This video is available in DE, AT only",
    "UNAVAILABLE",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Join this channel to get access to members-only content like this video, and other exclusive perks.",
    "UNAVAILABLE",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication.",
    "UNAVAILABLE",
  ],
  ["ERROR: [youtube] dQw4w9WgXcQ: This live event will begin in 3 hours.", "LIVE_NOT_SUPPORTED"],
  ["ERROR: [youtube] dQw4w9WgXcQ: Premieres in 2 days", "LIVE_NOT_SUPPORTED"],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Video unavailable. This content isn't available, try again later. The current session has been rate-limited by YouTube for up to an hour.",
    "NETWORK",
  ],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Unable to download API page: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)",
    "NETWORK",
  ],
  ["ERROR: [youtube] dQw4w9WgXcQ: Unable to download API page: HTTP Error 503: Service Unavailable", "NETWORK"],
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by TransportError('<urlopen error [Errno -3] Temporary failure in name resolution>'))",
    "UNREACHABLE",
  ],
  ["ERROR: [youtube] dQw4w9WgXcQ: Unable to download API page: [Errno 111] Connection refused", "UNREACHABLE"],
  ["ERROR: unable to download video data: The read operation timed out", "NETWORK"],
  ["ERROR: [generic] gone: Unable to download webpage: HTTP Error 404: Not Found (caused by <HTTPError 404: Not Found>)", "NOT_FOUND"],
];

describe("yt-dlp's ERROR lines", () => {
  it.each(cases)("%s -> %s", (line, code) => {
    const stderr = `WARNING: [youtube] some warning first\n${line}\n`;
    const error = ytDlpErrorOf(stderr, "exited with 1");
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({ code });
    expect(isFinalYtDlpError(error)).toBe(true);
  });

  it("keeps the reason without yt-dlp's prefixes, for logs", () => {
    expect(ytDlpErrorReason("ERROR: [youtube] dQw4w9WgXcQ: Video unavailable\n")).toBe("Video unavailable");
    expect(ytDlpErrorReason("[info] nothing went wrong\n")).toBeNull();
  });

  it.each([
    "ERROR: [youtube] dQw4w9WgXcQ: nsig extraction failed: Some formats may be missing",
    "ERROR: [youtube] dQw4w9WgXcQ: Failed to extract any player response; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues",
    "ERROR: [youtube] dQw4w9WgXcQ: Requested format is not available. Use --list-formats for a list of available formats",
    "ERROR: unable to download video data: HTTP Error 403: Forbidden",
  ])("yt-dlp's own failure is not final, the built-in client takes over: %s", (line) => {
    const error = ytDlpErrorOf(`${line}\n`, "exited with 1");
    expect(error).toBeInstanceOf(YtDlpFailure);
    expect(isFinalYtDlpError(error)).toBe(false);
  });

  it("a crash without an ERROR line is yt-dlp's failure", () => {
    const error = ytDlpErrorOf("Traceback (most recent call last):\n  File ...\nKeyError: 'x'\n", "exited with 1");
    expect(error).toBeInstanceOf(YtDlpFailure);
    expect((error as YtDlpFailure).stderrTail).toContain("KeyError");
  });
});

describe("yt-dlp versions", () => {
  it("passes --js-runtimes only to versions that have it", () => {
    expect(hasJsRuntimes("2026.10.26")).toBe(true);
    expect(hasJsRuntimes("2025.11.12")).toBe(true);
    expect(hasJsRuntimes("2025.10.22")).toBe(false);
    expect(hasJsRuntimes("2024.12.23")).toBe(false);
  });
});
