import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { type DownloadProgress, downloadResumable, ResumableDownloadError } from "./resumable-download";
import type { SafeDownloadOptions } from "./safe-download";

// Model weights pinned by sha256 (whisper.cpp ggml files, GGUF language models): no registry carries
// them, so a machine with internet downloads the official file once, or the operator puts it in place.
// Either way the bytes are checked against the pin before anything loads them.

export interface FilePin {
  sha256: string;
  /** Exact size in bytes where it is known; a download of another size is refused before hashing. */
  bytes?: number;
  /** Largest body accepted from the network. */
  maxBytes: number;
}

/**
 * PRESENT_MISMATCH: a file in place does not match its pin (kept: the operator put it there).
 * DOWNLOAD_FAILED: the network part failed. DOWNLOAD_MISMATCH: the bytes arrived but are not the pinned ones.
 */
export type PinnedFileErrorCode = "PRESENT_MISMATCH" | "DOWNLOAD_FAILED" | "DOWNLOAD_MISMATCH";

export class PinnedFileError extends Error {
  override name = "PinnedFileError";
  constructor(
    readonly code: PinnedFileErrorCode,
    /** The same download may work later (the network may be back; a refused host or wrong bytes will not change). */
    readonly isRetryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

export interface DownloadPinnedFileOptions {
  allowedHosts: readonly string[];
  /** Overrides for the download's network rules (tests reach a server on 127.0.0.1). */
  download?: Partial<Pick<SafeDownloadOptions, "allowedHosts" | "unsafeAllowAddresses" | "resolve" | "idleTimeoutMs">>;
  signal?: AbortSignal;
  /** Bytes done, total and speed while the file arrives (throttled to ~4 a second). */
  onProgress?: (progress: DownloadProgress) => void;
}

interface Sidecar {
  sha256: string;
  size: number;
  mtimeMs: number;
}

const sidecarPath = (target: string) => `${target}.sha256`;

/** Checks a file already in `target` against its sha256, once: a `.sha256` sidecar remembers a match for this size and mtime. */
export async function verifyPinnedFile(target: string, pin: Pick<FilePin, "sha256">, signal?: AbortSignal): Promise<void> {
  const current = await stat(target);
  // Hashing 150 MB-1 GB takes seconds; the sidecar spares it on every start.
  const remembered = await readFile(sidecarPath(target), "utf8")
    .then((text) => JSON.parse(text) as Partial<Sidecar>)
    .catch(() => null);
  if (remembered?.sha256 === pin.sha256 && remembered.size === current.size && remembered.mtimeMs === current.mtimeMs) return;
  const actual = await sha256OfFile(target, signal);
  if (actual !== pin.sha256) {
    throw new PinnedFileError(
      "PRESENT_MISMATCH",
      false,
      `${target} does not match its pinned sha256 (${pin.sha256}, file has ${actual}): replace or remove it`,
    );
  }
  await writeSidecar(target, pin.sha256, { size: current.size, mtimeMs: current.mtimeMs });
}

/**
 * GETs `url` into `.<name>.part` beside `target` (resumable-download.ts: a part left by a cut connection or
 * an abort is resumed with Range), checks its size and sha256, then renames it into place and writes the
 * sidecar. An abort rethrows the signal's reason as it is and keeps the part.
 */
export async function downloadPinnedFile(url: string, target: string, pin: FilePin, options: DownloadPinnedFileOptions): Promise<void> {
  const { signal } = options;
  try {
    await downloadResumable(url, target, {
      allowedHosts: options.allowedHosts,
      ...options.download,
      maxBytes: pin.maxBytes,
      expectedBytes: pin.bytes,
      sha256: pin.sha256,
      onProgress: options.onProgress,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(error instanceof ResumableDownloadError)) throw error;
    if (error.code === "MISMATCH") throw new PinnedFileError("DOWNLOAD_MISMATCH", false, error.message);
    const isRetryable = error.code === "NETWORK" || error.code === "BUSY";
    throw new PinnedFileError("DOWNLOAD_FAILED", isRetryable, `could not download ${url}: ${error.message}`);
  }
  const written = await stat(target);
  await writeSidecar(target, pin.sha256, { size: written.size, mtimeMs: written.mtimeMs });
}

async function writeSidecar(target: string, sha256: string, current: { size: number; mtimeMs: number }): Promise<void> {
  const sidecar: Sidecar = { sha256, size: current.size, mtimeMs: current.mtimeMs };
  await writeFile(sidecarPath(target), `${JSON.stringify(sidecar)}\n`);
}

async function sha256OfFile(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash, { signal });
  return hash.digest("hex");
}
