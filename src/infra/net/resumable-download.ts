import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { LinkRefusedError } from "./link-check";
import { type SafeDownloadOptions, safeRequest } from "./safe-download";

// Model weights are hundreds of MB to GB: a cut connection must not start them over. The bytes go to one
// stable `.<name>.part` beside the target (an exclusive `.lock` keeps a second process off it), a later
// call asks for the rest with `Range` (and `If-Range`, so a changed file restarts from 0), the sha256 runs
// across both (the part re-hashed once on resume), and only a checked file is renamed to the real name.

export interface DownloadProgress {
  /** `verifying`: re-hashing the part already on disk before asking for the rest. */
  phase: "downloading" | "verifying";
  bytesDone: number;
  bytesTotal: number | null;
  /** Over the last few seconds; null until two samples exist. */
  bytesPerSecond: number | null;
}

export interface ResumableDownloadOptions extends Omit<SafeDownloadOptions, "headers"> {
  /** Exact size when known: a longer body is refused, a shorter one stays a part to resume. */
  expectedBytes?: number;
  sha256: string;
  /** Called at most every `progressIntervalMs` (default 250 ms), and once at the end. */
  onProgress?: (progress: DownloadProgress) => void;
  progressIntervalMs?: number;
}

export type ResumableFailure = "BUSY" | "NETWORK" | "MISMATCH" | "REFUSED";

export class ResumableDownloadError extends Error {
  override name = "ResumableDownloadError";
  constructor(
    readonly code: ResumableFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ResumableDownloadResult {
  bytes: number;
  /** Where this call started: 0, or the part's size when it resumed. */
  resumedFrom: number;
}

interface PartMeta {
  url: string;
  validator: string | null;
}

export const partPath = (target: string) => path.join(path.dirname(target), `.${path.basename(target)}.part`);
const lockPath = (target: string) => `${partPath(target)}.lock`;
const metaPath = (target: string) => `${partPath(target)}.json`;

/** Downloads `url` to `target` (resuming a part left by an earlier call); an abort keeps the part. */
export async function downloadResumable(url: string, target: string, options: ResumableDownloadOptions): Promise<ResumableDownloadResult> {
  await mkdir(path.dirname(target), { recursive: true });
  const release = await acquireLock(target);
  const progress = progressReporter(options);
  try {
    return await transfer(url, target, options, progress);
  } finally {
    progress.stop();
    await release();
  }
}

type ProgressReporter = ReturnType<typeof progressReporter>;

async function transfer(
  url: string,
  target: string,
  options: ResumableDownloadOptions,
  progress: ProgressReporter,
): Promise<ResumableDownloadResult> {
  const part = partPath(target);
  const { expectedBytes, signal } = options;
  let offset = (await stat(part).catch(() => null))?.size ?? 0;
  const meta = await readFile(metaPath(target), "utf8")
    .then((text) => JSON.parse(text) as PartMeta)
    .catch(() => null);
  // A part of another URL, or longer than the file can be, is not this file's beginning.
  if (offset > 0 && (meta?.url !== url || (expectedBytes !== undefined && offset > expectedBytes))) {
    await discardPart(target);
    offset = 0;
  }
  let hash = createHash("sha256");
  if (offset > 0) {
    progress.report({ phase: "verifying", bytesDone: 0, bytesTotal: offset }, true);
    // Read by hand, not piped: a piped Hash is ended, and this one goes on with the rest of the file.
    for await (const chunk of createReadStream(part, { end: offset - 1 })) {
      signal?.throwIfAborted();
      hash.update(chunk as Buffer);
    }
  }
  const resumedFrom = offset;
  if (expectedBytes === undefined || offset < expectedBytes) {
    const headers: Record<string, string> = offset > 0 ? { Range: `bytes=${offset}-` } : {};
    if (offset > 0 && meta?.validator) headers["If-Range"] = meta.validator;
    const response = await request(url, { ...options, headers });
    const status = response.statusCode ?? 0;
    if (offset > 0 && status !== 206) {
      // 200 to a Range request: the server sends the whole file (it changed, or ranges are not supported).
      offset = 0;
      hash = createHash("sha256");
      await truncate(part, 0).catch(() => undefined);
    } else if (offset > 0 && !contentRangeStartsAt(response, offset)) {
      response.destroy();
      await discardPart(target);
      throw new ResumableDownloadError(
        "NETWORK",
        `${new URL(url).host} answered another range than bytes ${offset}-; starting over next time`,
      );
    }
    const total = expectedBytes ?? totalOf(response, offset);
    await writeFile(metaPath(target), JSON.stringify({ url, validator: validatorOf(response) } satisfies PartMeta));
    offset = await appendBody(response, part, offset, hash, total, options, progress);
  }
  progress.report({ phase: "downloading", bytesDone: offset, bytesTotal: expectedBytes ?? offset }, true);
  if (expectedBytes !== undefined && offset !== expectedBytes) {
    // The body ended as the server announced it (a cut connection throws above and keeps the part): the
    // server has another file than the pinned one.
    await discardPart(target);
    throw new ResumableDownloadError("NETWORK", `download of ${path.basename(target)} has ${offset} bytes, expected ${expectedBytes}`);
  }
  const actual = hash.digest("hex");
  if (actual !== options.sha256) {
    await discardPart(target);
    throw new ResumableDownloadError(
      "MISMATCH",
      `download of ${path.basename(target)} does not match its pinned sha256 (${options.sha256}, got ${actual})`,
    );
  }
  await rename(part, target);
  await rm(metaPath(target), { force: true });
  return { bytes: offset, resumedFrom };
}

async function request(url: string, options: SafeDownloadOptions): Promise<http.IncomingMessage> {
  try {
    return (await safeRequest(url, options)).response;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw asDownloadError(error);
  }
}

async function appendBody(
  response: http.IncomingMessage,
  part: string,
  start: number,
  hash: Hash,
  total: number | null,
  options: ResumableDownloadOptions,
  progress: ProgressReporter,
): Promise<number> {
  let bytes = start;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > options.maxBytes || (options.expectedBytes !== undefined && bytes > options.expectedBytes)) {
        return callback(new LinkRefusedError("TOO_LARGE", `more than ${options.expectedBytes ?? options.maxBytes} bytes`));
      }
      hash.update(chunk);
      progress.report({ phase: "downloading", bytesDone: bytes, bytesTotal: total });
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response, counter, createWriteStream(part, { flags: start > 0 ? "a" : "w" }), { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof LinkRefusedError && error.code === "TOO_LARGE") {
      await rm(part, { force: true });
      throw new ResumableDownloadError("REFUSED", `download refused (TOO_LARGE): ${error.message}`);
    }
    // What arrived is kept: hashed and written in step, the next call resumes after it.
    throw asDownloadError(error);
  }
  return bytes;
}

function asDownloadError(error: unknown): ResumableDownloadError {
  if (error instanceof ResumableDownloadError) return error;
  const retryable = !(error instanceof LinkRefusedError) || ["HTTP_ERROR", "TIMEOUT", "DNS_FAILED"].includes(error.code);
  return new ResumableDownloadError(retryable ? "NETWORK" : "REFUSED", (error as Error).message, { cause: error });
}

function contentRangeStartsAt(response: http.IncomingMessage, offset: number): boolean {
  const match = /^bytes (\d+)-/.exec(response.headers["content-range"] ?? "");
  return match !== null && Number(match[1]) === offset;
}

function totalOf(response: http.IncomingMessage, offset: number): number | null {
  const ranged = /\/(\d+)$/.exec(response.headers["content-range"] ?? "");
  if (ranged) return Number(ranged[1]);
  const length = Number(response.headers["content-length"]);
  return Number.isFinite(length) && length > 0 ? offset + length : null;
}

/** A strong ETag, else Last-Modified: what If-Range may carry (a weak ETag may not). */
function validatorOf(response: http.IncomingMessage): string | null {
  const etag = response.headers.etag;
  if (etag && !etag.startsWith("W/")) return etag;
  return response.headers["last-modified"] ?? null;
}

async function discardPart(target: string): Promise<void> {
  await rm(partPath(target), { force: true });
  await rm(metaPath(target), { force: true });
}

/**
 * Throttled progress with the speed over a sliding window. Throttling keeps the latest state and reports it
 * when the interval is up (trailing edge): a transfer that stalls still shows where it stalled.
 */
function progressReporter(options: ResumableDownloadOptions) {
  const interval = options.progressIntervalMs ?? 250;
  const windowMs = 5_000;
  const samples: { at: number; bytes: number }[] = [];
  let lastReport = 0;
  let pending: Omit<DownloadProgress, "bytesPerSecond"> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const emit = (progress: Omit<DownloadProgress, "bytesPerSecond">) => {
    const now = performance.now();
    lastReport = now;
    pending = null;
    if (progress.phase === "downloading") samples.push({ at: now, bytes: progress.bytesDone });
    while (samples.length > 2 && (samples[0]?.at ?? now) < now - windowMs) samples.shift();
    const first = samples[0];
    const last = samples.at(-1);
    const seconds = first && last ? (last.at - first.at) / 1000 : 0;
    const bytesPerSecond = first && last && seconds > 0 ? (last.bytes - first.bytes) / seconds : null;
    options.onProgress?.({ ...progress, bytesPerSecond });
  };
  return {
    report(progress: Omit<DownloadProgress, "bytesPerSecond">, force = false) {
      if (!options.onProgress) return;
      const wait = interval - (performance.now() - lastReport);
      if (force || wait <= 0) {
        if (timer) clearTimeout(timer);
        timer = null;
        return emit(progress);
      }
      pending = progress;
      timer ??= setTimeout(() => {
        timer = null;
        if (pending) emit(pending);
      }, wait);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * One writer per part: an exclusive lock file holding the owner's pid. A lock whose process is gone (a
 * crash, a kill) is taken over; a live one is BUSY. Two machines sharing MODEL_DIR over a network file
 * system are not told apart by pid: the download manager's database claim covers that case.
 */
async function acquireLock(target: string): Promise<() => Promise<void>> {
  const file = lockPath(target);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(file, "utf8").catch(() => ""));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new ResumableDownloadError("BUSY", `${path.basename(target)} is already being downloaded (process ${owner})`);
      }
      await rm(file, { force: true });
    }
  }
  throw new ResumableDownloadError("BUSY", `${path.basename(target)} is already being downloaded`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
