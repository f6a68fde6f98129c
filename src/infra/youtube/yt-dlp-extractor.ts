import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { parseCaptionBody } from "./caption-formats";
import { chooseCaptionTrack } from "./caption-tracks";
import type { CaptionTrack } from "./innertube";
import type { YoutubeCaptions } from "./youtube-client";
import { YoutubeError } from "./youtube-error";
import { YtDlpFailure } from "./yt-dlp-errors";
import { runYtDlp, type YtDlp } from "./yt-dlp-process";

// YouTube through yt-dlp (issue 19): the maintained extractor follows YouTube's changes (signatures,
// PO tokens, clients) within days, where the built-in client breaks until someone here updates it.
// Three runs, each against one YouTube video URL built here from a checked video id, so yt-dlp never
// sees a URL a user typed (the SSRF rules of the built-in client hold: yt-dlp only talks to YouTube):
// 1. `-J`: the metadata, checked (live, duration, size) before anything is downloaded;
// 2. the chosen caption track, when the video has one (captions first, as with the built-in client);
// 3. the audio, from the metadata of step 1 (`--load-info-json`: no second extraction).

export interface YtDlpVideoOptions {
  ytDlp: YtDlp;
  /** Where the metadata, captions and audio are written (the job's scratch folder). */
  scratchDir: string;
  signal?: AbortSignal;
  /** A language code ("en", "pt-BR"): the caption track to prefer. */
  preferredLanguage?: string;
  /** Longer videos are refused with TOO_LONG before any download (default 4 hours). */
  maxDurationSeconds?: number;
  /** Audio over this is refused with TOO_LONG (default 512 MiB, as the built-in download). */
  maxBytes?: number;
  /** Deadline for the metadata and for the captions (default 60 s each). */
  timeoutMs?: number;
  /** Deadline for the audio download (default 30 minutes). */
  downloadTimeoutMs?: number;
  /**
   * Test-only: yt-dlp reads this page with its generic extractor instead of the YouTube URL (its
   * YouTube extractor only talks to youtube.com). Production never sets it; job-deps has no way to.
   */
  testOnlyPageUrl?: string;
  onSpawn?: (pid: number) => void;
}

export interface YtDlpVideo {
  videoId: string;
  title: string;
  author: string;
  durationSeconds: number;
  captions: YoutubeCaptions | null;
  /** Step 1's metadata on disk, which step 3 downloads from. */
  infoJsonPath: string;
}

const defaultMaxDurationSeconds = 4 * 60 * 60;
const defaultMaxBytes = 512 * 1024 * 1024;
const defaultTimeoutMs = 60_000;
const defaultDownloadTimeoutMs = 30 * 60_000;
const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;

const trackListSchema = z.record(z.string(), z.array(z.object({ ext: z.string().optional() }).loose()));
const infoSchema = z
  .object({
    title: z.string().nullish(),
    uploader: z.string().nullish(),
    channel: z.string().nullish(),
    duration: z.number().nullish(),
    is_live: z.boolean().nullish(),
    live_status: z.string().nullish(),
    // With `-f`, the chosen format's size (exact, or YouTube's estimate from bitrate x duration).
    filesize: z.number().nullish(),
    filesize_approx: z.number().nullish(),
    subtitles: trackListSchema.nullish(),
    automatic_captions: trackListSchema.nullish(),
  })
  .loose();
type Info = z.infer<typeof infoSchema>;

/** Options every run gets: no user or system config (cookies, proxies, output templates), no playlists. */
function commonArgs(options: YtDlpVideoOptions): string[] {
  const extractor = options.testOnlyPageUrl ? "generic" : "youtube";
  return [
    "--ignore-config",
    "--no-cookies",
    "--no-playlist",
    "--use-extractors",
    extractor,
    // YouTube's player challenges are solved with a JavaScript runtime: this process's own Node (the
    // option exists since 2025.11; an older yt-dlp would refuse the whole command over it).
    ...(hasJsRuntimes(options.ytDlp.version) ? ["--js-runtimes", `node:${process.execPath}`] : []),
    "--socket-timeout",
    "30",
    "--no-progress",
    "--no-color",
  ];
}

/** `--js-runtimes` came with yt-dlp 2025.11.12. */
export function hasJsRuntimes(version: string): boolean {
  const [year = 0, month = 0] = version.split(".").map(Number);
  return year > 2025 || (year === 2025 && month >= 11);
}

function videoUrl(videoId: string, options: YtDlpVideoOptions): string {
  return options.testOnlyPageUrl ?? `https://www.youtube.com/watch?v=${videoId}`;
}

/**
 * The video's metadata and captions through yt-dlp. Throws YoutubeError (the codes the built-in client
 * gives: NOT_FOUND, UNAVAILABLE, LIVE_NOT_SUPPORTED, TOO_LONG, UNREACHABLE, NETWORK) for the video's own
 * state, YtDlpFailure when yt-dlp itself failed; a caller's abort rejects with its reason.
 */
export async function fetchYtDlpVideo(videoId: string, options: YtDlpVideoOptions): Promise<YtDlpVideo> {
  if (!videoIdPattern.test(videoId)) throw new YoutubeError("NOT_FOUND", "not a YouTube video id");
  await mkdir(options.scratchDir, { recursive: true });
  const run = await runYtDlp(
    options.ytDlp.executable,
    [...commonArgs(options), "-J", "-f", "bestaudio", "-S", "lang,+abr", "--", videoUrl(videoId, options)],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? defaultTimeoutMs, onSpawn: options.onSpawn },
  );
  const info = parseInfo(run.stdout);
  checkPlayable(info, options);
  const infoJsonPath = path.join(options.scratchDir, "yt-dlp-info.json");
  await writeFile(infoJsonPath, run.stdout);
  const captions = await readCaptions(info, infoJsonPath, options);
  return {
    videoId,
    title: info.title ?? "",
    author: info.uploader ?? info.channel ?? "",
    durationSeconds: Math.round(info.duration ?? 0),
    captions,
    infoJsonPath,
  };
}

function parseInfo(stdout: string): Info {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch (error) {
    throw new YoutubeError("UNAVAILABLE", "yt-dlp printed no video metadata", { cause: error });
  }
  const parsed = infoSchema.safeParse(json);
  if (!parsed.success) throw new YoutubeError("UNAVAILABLE", "unexpected yt-dlp metadata", { cause: parsed.error });
  return parsed.data;
}

/** The checks the built-in client makes on the player response, on yt-dlp's reading of it. */
function checkPlayable(info: Info, options: YtDlpVideoOptions): void {
  // is_upcoming: scheduled; is_live: on air; post_live: ended, its recording not processed yet.
  const status = info.live_status ?? (info.is_live ? "is_live" : null);
  if (status === "is_live" || status === "is_upcoming" || status === "post_live")
    throw new YoutubeError("LIVE_NOT_SUPPORTED", `live streams are transcribed after they end (${status})`);
  const maxDurationSeconds = options.maxDurationSeconds ?? defaultMaxDurationSeconds;
  if ((info.duration ?? 0) > maxDurationSeconds)
    throw new YoutubeError("TOO_LONG", `video is ${info.duration} s long, the limit is ${maxDurationSeconds} s`);
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const size = info.filesize ?? info.filesize_approx ?? null;
  if (size !== null && size > maxBytes)
    throw new YoutubeError("TOO_LONG", `audio is ${size} bytes, the limit is ${maxBytes}`, { refusal: "TOO_LARGE" });
}

/**
 * yt-dlp's track lists as caption tracks: uploaded ones as they are; of the automatic ones only the
 * original (`en-orig`): the others are YouTube's machine translations of it, not what was said.
 */
function captionTracksOf(info: Info): (CaptionTrack & { key: string })[] {
  const manual = Object.keys(info.subtitles ?? {})
    .filter((key) => key !== "live_chat")
    .map((key) => ({ key, baseUrl: "", languageCode: key }));
  const automatic = Object.keys(info.automatic_captions ?? {})
    .filter((key) => key.endsWith("-orig"))
    .map((key) => ({ key, baseUrl: "", languageCode: key.slice(0, -"-orig".length), kind: "asr" }));
  return [...manual, ...automatic];
}

/** The chosen track through yt-dlp as json3, parsed; null when there is none or it cannot be read. */
async function readCaptions(info: Info, infoJsonPath: string, options: YtDlpVideoOptions): Promise<YoutubeCaptions | null> {
  const track = chooseCaptionTrack(captionTracksOf(info), options.preferredLanguage) as (CaptionTrack & { key: string }) | null;
  if (!track) return null;
  const folder = path.join(options.scratchDir, "yt-dlp-captions");
  await mkdir(folder, { recursive: true });
  const isAutomatic = track.kind === "asr";
  try {
    await runYtDlp(
      options.ytDlp.executable,
      [
        ...commonArgs(options),
        "--load-info-json",
        infoJsonPath,
        "--skip-download",
        isAutomatic ? "--write-auto-subs" : "--write-subs",
        "--sub-langs",
        track.key,
        "--sub-format",
        "json3",
        "-o",
        path.join(folder, "captions.%(ext)s"),
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? defaultTimeoutMs, onSpawn: options.onSpawn },
    );
  } catch (error) {
    // The caller's abort ends the job; a track that cannot be fetched only means the audio is the way on.
    if (options.signal?.aborted) throw error;
    return null;
  }
  const file = (await readdir(folder)).find((name) => name.endsWith(".json3"));
  if (!file) return null;
  const segments = parseCaptionBody(await readFile(path.join(folder, file), "utf8"));
  if (!segments || segments.length === 0) return null;
  return { languageCode: track.languageCode, isAutoGenerated: isAutomatic, segments };
}

/**
 * Downloads the audio of a video read by fetchYtDlpVideo to destinationPath, written under a temporary
 * name and renamed when complete. Over `maxBytes` it is refused with TOO_LONG (yt-dlp's --max-filesize
 * stops before writing when the size is announced; the size is checked again after).
 */
export async function downloadYtDlpAudio(
  video: YtDlpVideo,
  destinationPath: string,
  options: YtDlpVideoOptions,
): Promise<{ path: string; bytes: number }> {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const temporary = path.join(path.dirname(destinationPath), `.${path.basename(destinationPath)}.${randomUUID()}`);
  try {
    const run = await runYtDlp(
      options.ytDlp.executable,
      [
        ...commonArgs(options),
        "--load-info-json",
        video.infoJsonPath,
        "-f",
        "bestaudio",
        "-S",
        "lang,+abr",
        "--max-filesize",
        String(maxBytes),
        "--no-mtime",
        "--no-continue",
        "-o",
        temporary,
      ],
      { signal: options.signal, timeoutMs: options.downloadTimeoutMs ?? defaultDownloadTimeoutMs, onSpawn: options.onSpawn },
    );
    const written = await stat(temporary).catch(() => null);
    // yt-dlp exits 0 after "File is larger than max-filesize (N bytes > M bytes). Aborting."
    if (/larger than max-filesize/.test(run.stdout + run.stderr) || (written && written.size > maxBytes))
      throw new YoutubeError("TOO_LONG", `audio is over the limit of ${maxBytes} bytes`, { refusal: "TOO_LARGE" });
    if (!written) throw new YtDlpFailure("yt-dlp finished without writing the audio", run.stderr.slice(-2000));
    await rename(temporary, destinationPath);
    return { path: destinationPath, bytes: written.size };
  } finally {
    await rm(temporary, { force: true });
    await rm(`${temporary}.part`, { force: true });
  }
}
