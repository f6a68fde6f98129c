import type { YoutubeFetchPolicy } from "./fetch-policy";
import { downloadYoutubeAudio, fetchYoutubeVideo, type YoutubeCaptions, type YoutubeVideo } from "./youtube-client";
import { YoutubeError } from "./youtube-error";
import { isFinalYtDlpError } from "./yt-dlp-errors";
import { downloadYtDlpAudio, fetchYtDlpVideo, type YtDlpVideo, type YtDlpVideoOptions } from "./yt-dlp-extractor";
import type { YtDlp } from "./yt-dlp-process";

// One YouTube video for the transcription job, whichever program reads it: yt-dlp when the install has
// one (it follows YouTube's changes), the built-in client otherwise and whenever yt-dlp fails for a
// reason of its own. What the video itself says (private, removed, live, too long) is final either way:
// the built-in client would only say it again.

export interface OpenYoutubeVideoOptions {
  /** The built-in client's origin and fetch policy (the stand-in's in tests). */
  builtin: { baseUrl?: string; fetch?: YoutubeFetchPolicy };
  /** Null: the built-in client alone. */
  ytDlp: YtDlp | null;
  scratchDir: string;
  signal?: AbortSignal;
  preferredLanguage?: string;
  /** yt-dlp failed for its own reasons and the built-in client takes over (the job logs it). */
  onFallback?: (error: unknown) => void;
  /** Test-only, passed to yt-dlp (see YtDlpVideoOptions.testOnlyPageUrl). */
  testOnlyPageUrl?: string;
}

export interface OpenedYoutubeVideo {
  extractor: "yt-dlp" | "builtin";
  title: string;
  durationSeconds: number;
  captions: YoutubeCaptions | null;
  /** The audio to destinationPath (complete or absent). */
  downloadAudio(destinationPath: string): Promise<{ path: string; bytes: number }>;
}

export async function openYoutubeVideo(videoId: string, options: OpenYoutubeVideoOptions): Promise<OpenedYoutubeVideo> {
  const { ytDlp } = options;
  if (!ytDlp) return fromBuiltin(await fetchBuiltin(videoId, options), options);
  const ytDlpOptions: YtDlpVideoOptions = {
    ytDlp,
    scratchDir: options.scratchDir,
    signal: options.signal,
    preferredLanguage: options.preferredLanguage,
    testOnlyPageUrl: options.testOnlyPageUrl,
  };
  let video: YtDlpVideo;
  try {
    video = await fetchYtDlpVideo(videoId, ytDlpOptions);
  } catch (error) {
    if (isFinalYtDlpError(error) || options.signal?.aborted) throw error;
    options.onFallback?.(error);
    return fromBuiltin(await fetchBuiltin(videoId, options), options);
  }
  return {
    extractor: "yt-dlp",
    title: video.title,
    durationSeconds: video.durationSeconds,
    captions: video.captions,
    downloadAudio: async (destinationPath) => {
      try {
        return await downloadYtDlpAudio(video, destinationPath, ytDlpOptions);
      } catch (error) {
        if (isFinalYtDlpError(error) || options.signal?.aborted) throw error;
        options.onFallback?.(error);
        return fromBuiltin(await fetchBuiltin(videoId, options), options).downloadAudio(destinationPath);
      }
    },
  };
}

function fetchBuiltin(videoId: string, options: OpenYoutubeVideoOptions): Promise<YoutubeVideo> {
  return fetchYoutubeVideo(videoId, {
    baseUrl: options.builtin.baseUrl,
    fetch: options.builtin.fetch,
    signal: options.signal,
    preferredLanguage: options.preferredLanguage,
  });
}

function fromBuiltin(video: YoutubeVideo, options: OpenYoutubeVideoOptions): OpenedYoutubeVideo {
  return {
    extractor: "builtin",
    title: video.title,
    durationSeconds: video.durationSeconds,
    captions: video.captions,
    downloadAudio: async (destinationPath) => {
      // fetchYoutubeVideo throws NO_TRANSCRIPT_SOURCE when there are neither captions nor audio.
      if (!video.audio) throw new YoutubeError("NO_TRANSCRIPT_SOURCE", "the video has no audio format to download");
      return downloadYoutubeAudio(video.audio, destinationPath, { fetch: options.builtin.fetch, signal: options.signal });
    },
  };
}
