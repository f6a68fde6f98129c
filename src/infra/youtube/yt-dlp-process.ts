import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { lowerChildPriority } from "../priority/child-priority";
import { YtDlpFailure, ytDlpErrorOf } from "./yt-dlp-errors";

// Finding and running the yt-dlp executable. It is a separate program the operator installs and
// updates (it follows YouTube's changes weekly), so nothing here assumes a version beyond the options
// used, which have been stable since 2023 (--use-extractors, --load-info-json, --ignore-config).

export interface YtDlp {
  /** The executable's absolute path. */
  executable: string;
  /** What `yt-dlp --version` printed (`2026.10.26`). */
  version: string;
}

/** YOUTUBE_EXTRACTOR: auto uses yt-dlp when one is found, yt-dlp asks for it, builtin never runs it. */
export type YoutubeExtractorSetting = "auto" | "yt-dlp" | "builtin";

const versionTimeoutMs = 15_000;
// stdout carries the info JSON of one video: 0.5-3 MB for a YouTube video with all its formats.
const maxStdoutBytes = 32 * 1024 * 1024;
const maxStderrChars = 64 * 1024;

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** YTDLP_PATH when set, else the first `yt-dlp` on PATH; null when there is none. */
export async function findYtDlpExecutable(configuredPath: string | undefined, searchPath = process.env.PATH ?? ""): Promise<string | null> {
  if (configuredPath) return (await isExecutable(configuredPath)) ? path.resolve(configuredPath) : null;
  for (const folder of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, "yt-dlp");
    if (await isExecutable(candidate)) return path.resolve(candidate);
  }
  return null;
}

/**
 * The yt-dlp to use, or null (then the built-in client serves every link). A found executable that
 * does not answer `--version` is not used: a broken install must not fail every YouTube note.
 */
export async function locateYtDlp(
  setting: YoutubeExtractorSetting,
  configuredPath: string | undefined,
  searchPath?: string,
): Promise<YtDlp | null> {
  if (setting === "builtin") return null;
  const executable = await findYtDlpExecutable(configuredPath, searchPath);
  if (!executable) return null;
  const result = await runYtDlp(executable, ["--version"], { timeoutMs: versionTimeoutMs }).catch(() => null);
  const version = result?.stdout.trim() ?? "";
  return /^\d{4}\.\d{1,2}\.\d{1,2}/.test(version) ? { executable, version } : null;
}

export interface RunYtDlpOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  cwd?: string;
  /** Told the child's pid once it runs (tests check that an abort leaves no process behind). */
  onSpawn?: (pid: number) => void;
}

export interface YtDlpRun {
  stdout: string;
  stderr: string;
}

/**
 * Runs yt-dlp and resolves with its output when it exits 0. A non-zero exit rejects with the mapped
 * error (yt-dlp-errors.ts); past the deadline it rejects with a YtDlpFailure; the caller's abort kills
 * the child and rejects with the abort reason, as every other step of the job does. It settles only
 * once the child has exited, so nothing is left writing into the scratch folder afterwards.
 */
export function runYtDlp(executable: string, args: readonly string[], options: RunYtDlpOptions): Promise<YtDlpRun> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    // No shell: every argument reaches yt-dlp as one argv entry, whatever it contains.
    const child = spawn(executable, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    lowerChildPriority(child);
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    // Why the child was killed: what the promise rejects with once it has exited.
    let stopReason: { error: unknown } | null = null;
    const stop = (error: unknown) => {
      stopReason ??= { error };
      // SIGKILL: a download sleeping between retries would take its time over SIGTERM.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const onAbort = () => stop(signal?.reason);
    const timer = setTimeout(() => stop(new YtDlpFailure(`yt-dlp did not finish within ${timeoutMs} ms`, stderr.slice(-2000))), timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) stop(new YtDlpFailure("yt-dlp printed more than expected", stderr.slice(-2000)));
      else stdout.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-maxStderrChars);
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      action();
    };
    child.on("error", (error) =>
      finish(() => reject(new YtDlpFailure(`yt-dlp could not be started: ${error.message}`, "", { cause: error }))),
    );
    child.on("close", (code, killedBy) => {
      finish(() => {
        if (stopReason) reject(stopReason.error);
        else if (code === 0) resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr });
        else reject(ytDlpErrorOf(stderr, killedBy ? `was killed by ${killedBy}` : `exited with ${code}`));
      });
    });
  });
}

/** locateYtDlp once per process (its `--version` run costs a Python start); `onLocated` logs the choice. */
export function createYtDlpLoader(
  setting: YoutubeExtractorSetting,
  configuredPath: string | undefined,
  onLocated: (ytDlp: YtDlp | null) => void,
): () => Promise<YtDlp | null> {
  let located: Promise<YtDlp | null> | null = null;
  return () => {
    located ??= locateYtDlp(setting, configuredPath).then((ytDlp) => {
      onLocated(ytDlp);
      return ytDlp;
    });
    return located;
  };
}
