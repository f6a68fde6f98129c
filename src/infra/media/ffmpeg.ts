import { spawn } from "node:child_process";
import { rename, rm, stat } from "node:fs/promises";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { lowerChildPriority } from "../priority/child-priority";

// ffmpeg from @ffmpeg-installer/ffmpeg (the binary ships inside the npm package; ffmpeg-static downloads
// at install, known-traps). It has no ffprobe, so probing reads what `ffmpeg -i` prints about the input.
export const ffmpegPath: string = ffmpegInstaller.path;

export type MediaErrorCode = "EMPTY" | "NOT_MEDIA" | "CORRUPT" | "NO_AUDIO" | "ABORTED";

/** A media problem the note shows as its status reason; none of them gets better on a retry. */
export class MediaError extends Error {
  override name = "MediaError";
  constructor(
    readonly code: MediaErrorCode,
    message: string = code,
  ) {
    super(message);
  }
}

export interface MediaProbe {
  durationSeconds: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  formatName: string;
}

interface RunResult {
  exitCode: number | null;
  stderr: string;
}

function runFfmpeg(args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new MediaError("ABORTED"));
      return;
    }
    const child = spawn(ffmpegPath, ["-nostdin", "-hide_banner", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    lowerChildPriority(child);
    let stderr = "";
    child.stderr.setEncoding("utf8");
    // Keep the tail only: a long decode can print a lot, and the errors come last.
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    const onAbort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("close", (exitCode) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(new MediaError("ABORTED"));
      else resolve({ exitCode, stderr });
    });
  });
}

/** What is inside a file: duration, audio and video streams, container; a typed error when it is not media. */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<MediaProbe> {
  if ((await stat(path)).size === 0) throw new MediaError("EMPTY");
  // With no output file ffmpeg prints the input description, then exits 1 ("At least one output file").
  const { stderr } = await runFfmpeg(["-i", path], signal);
  const format = /Input #0, ([^,]+(?:,[^,\s]+)*), from /.exec(stderr)?.[1];
  if (!format)
    throw new MediaError(
      /moov atom not found|Invalid data found|truncated|corrupt/i.test(stderr) ? classify(stderr) : "NOT_MEDIA",
      lastLine(stderr),
    );
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const streams = stderr.split("\n").filter((line) => /^\s*Stream #\d+:\d+/.test(line));
  return {
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    hasAudio: streams.some((line) => / Audio: /.test(line)),
    // Cover art in an audio file is a picture, not video.
    hasVideo: streams.some((line) => / Video: /.test(line) && !/attached pic/.test(line)),
    formatName: format,
  };
}

/**
 * Decodes the first audio stream to 16 kHz mono 16-bit WAV (what the speech engines read). Writes a
 * temporary file and renames it, so an aborted or failed decode leaves no output behind. A caller that
 * has probed the input passes the probe: one ffmpeg run less before the engine can start.
 */
export async function decodeToWav16kMono(
  input: string,
  output: string,
  { signal, probe: probed }: { signal?: AbortSignal; probe?: MediaProbe } = {},
): Promise<void> {
  const probe = probed ?? (await probeMedia(input, signal));
  if (!probe.hasAudio) throw new MediaError("NO_AUDIO");
  const temporary = `${output}.part.wav`;
  try {
    const { exitCode, stderr } = await runFfmpeg(
      ["-loglevel", "error", "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", "-y", temporary],
      signal,
    );
    if (exitCode !== 0) throw new MediaError(classify(stderr), lastLine(stderr));
    await rename(temporary, output);
  } finally {
    await rm(temporary, { force: true });
  }
}

function classify(stderr: string): MediaErrorCode {
  return /Invalid data found|could not find codec parameters/i.test(stderr) && !/moov atom not found|truncat|corrupt/i.test(stderr)
    ? "NOT_MEDIA"
    : "CORRUPT";
}

function lastLine(stderr: string): string {
  return stderr.trim().split("\n").pop() ?? "ffmpeg failed";
}

/**
 * Copies the streams into a new WebM with a duration and seek cues (no re-encoding). A browser's
 * MediaRecorder writes neither, so players show no length and seek badly until the file is remuxed.
 */
export async function remuxWebm(input: string, output: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  const temporary = `${output}.part.webm`;
  try {
    const { exitCode, stderr } = await runFfmpeg(["-loglevel", "error", "-i", input, "-c", "copy", "-f", "webm", "-y", temporary], signal);
    if (exitCode !== 0) throw new MediaError(classify(stderr), lastLine(stderr));
    await rename(temporary, output);
  } finally {
    await rm(temporary, { force: true });
  }
}
