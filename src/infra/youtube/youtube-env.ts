import { z } from "zod";

// Which program reads YouTube links (issue 19). The server's env schema spreads this shape in.

export const youtubeEnvShape = {
  /** auto: yt-dlp when one is found (YTDLP_PATH, else PATH), else the built-in client; builtin: never yt-dlp. */
  YOUTUBE_EXTRACTOR: z.enum(["auto", "yt-dlp", "builtin"]).default("auto"),
  /** The yt-dlp executable; unset: `yt-dlp` on PATH. */
  YTDLP_PATH: z.string().min(1).optional(),
};

/**
 * The setting in force: yt-dlp talks to youtube.com itself, so with YOUTUBE_BASE_URL pointing at a
 * stand-in (the tests' one) the built-in client, which follows that URL, reads every link.
 */
export function youtubeExtractorSetting(env: {
  YOUTUBE_EXTRACTOR: "auto" | "yt-dlp" | "builtin";
  YOUTUBE_BASE_URL: string;
}): "auto" | "yt-dlp" | "builtin" {
  return new URL(env.YOUTUBE_BASE_URL).origin === "https://www.youtube.com" ? env.YOUTUBE_EXTRACTOR : "builtin";
}
