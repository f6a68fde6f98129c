import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { LinkRefusedError } from "../net/link-check";
import { type SafeDownloadOptions, safeDownload } from "../net/safe-download";
import { SpeechEngineError } from "./speech-engine";

// whisper.cpp's ggml weights: no registry carries them (models README), so a machine with internet
// downloads the official file once on first use, pinned by sha256, or the operator puts it in MODEL_DIR.

export interface WhisperModelFile {
  sha256: string;
  /** Exact size in bytes where it is known; a download of another size is refused before hashing. */
  bytes?: number;
  /** Published size rounded to 0.1 MB; caps a download whose exact size is not recorded. */
  approxMegabytes: number;
  /** `.en` models know English only. */
  isMultilingual: boolean;
}

/** Sums and sizes from ../shared/models/README.md (read from the files' published details on Hugging Face). */
export const whisperModelFiles: Readonly<Record<string, WhisperModelFile>> = {
  "ggml-tiny-q5_1.bin": {
    sha256: "818710568da3ca15689e31a743197b520007872ff9576237bda97bd1b469c3d7",
    approxMegabytes: 32.2,
    isMultilingual: true,
  },
  "ggml-base-q5_1.bin": {
    sha256: "422f1ae452ade6f30a004d7e5c6a43195e4433bc370bf23fac9cc591f01a8898",
    approxMegabytes: 59.7,
    isMultilingual: true,
  },
  "ggml-base.en-q5_1.bin": {
    sha256: "4baf70dd0d7c4247ba2b81fafd9c01005ac77c2f9ef064e00dcf195d0e2fdd2f",
    approxMegabytes: 59.7,
    isMultilingual: false,
  },
  "ggml-base.bin": {
    sha256: "60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe",
    bytes: 147_951_465,
    approxMegabytes: 148,
    isMultilingual: true,
  },
  "ggml-small-q5_1.bin": {
    sha256: "ae85e4a935d7a567bd102fe55afc16bb595bdb618e11b2fc7591bc08120411bb",
    approxMegabytes: 190,
    isMultilingual: true,
  },
};

export const defaultWhisperDownloadBaseUrl = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main";
/** huggingface.co answers `resolve/` with a redirect to its storage hosts (cas-bridge.xethub.hf.co, cdn-lfs.hf.co...). */
export const whisperDownloadHosts = ["huggingface.co", "*.huggingface.co", "*.hf.co"] as const;

/** Whisper file names say what they know: `ggml-base.en.bin`, `ggml-base.en-q5_1.bin` are English only. */
export function isEnglishOnlyModel(fileName: string): boolean {
  return whisperModelFiles[fileName] ? !whisperModelFiles[fileName].isMultilingual : /\.en([.-]|$)/.test(fileName);
}

export interface ResolveWhisperModelOptions {
  modelDir: string;
  fileName: string;
  allowDownload: boolean;
  downloadBaseUrl?: string;
  signal?: AbortSignal;
  /** The file's pinned sum and size; defaults to the table above (tests pass their own). */
  entry?: WhisperModelFile;
  /** Overrides for the download's network rules (tests reach a server on 127.0.0.1). */
  download?: Pick<SafeDownloadOptions, "allowedHosts" | "unsafeAllowAddresses" | "resolve" | "idleTimeoutMs">;
}

/**
 * The model file's path: `${modelDir}/${fileName}` when present (its sha256 checked once, the check
 * remembered in a `.sha256` sidecar), else downloaded to a temporary file, checked, then renamed into
 * place. A file not in the table is used as the operator supplied it, unverified.
 */
export async function resolveWhisperModel(options: ResolveWhisperModelOptions): Promise<string> {
  const { modelDir, fileName, signal } = options;
  if (path.basename(fileName) !== fileName || fileName.startsWith(".")) {
    throw new SpeechEngineError("ENGINE_UNAVAILABLE", false, `WHISPER_CPP_MODEL must be a file name, not a path: ${fileName}`);
  }
  const target = path.join(modelDir, fileName);
  const entry = options.entry ?? whisperModelFiles[fileName];
  const present = await stat(target).catch(() => null);
  if (present?.isFile()) {
    if (entry) await verifyPresent(target, entry, { size: present.size, mtimeMs: present.mtimeMs }, signal);
    return target;
  }
  if (!entry) {
    const known = Object.keys(whisperModelFiles).join(", ");
    throw new SpeechEngineError(
      "ENGINE_UNAVAILABLE",
      false,
      `${target} is missing and ${fileName} has no pinned checksum to download it by (known: ${known})`,
    );
  }
  if (!options.allowDownload) {
    throw new SpeechEngineError(
      "ENGINE_UNAVAILABLE",
      false,
      `whisper.cpp model ${target} is missing and WHISPER_CPP_DOWNLOAD is off: put the file there or allow the download`,
    );
  }
  await download(target, entry, options);
  return target;
}

interface Sidecar {
  sha256: string;
  size: number;
  mtimeMs: number;
}

const sidecarPath = (target: string) => `${target}.sha256`;

async function verifyPresent(
  target: string,
  entry: WhisperModelFile,
  current: { size: number; mtimeMs: number },
  signal?: AbortSignal,
): Promise<void> {
  // Hashing 150-500 MB takes seconds; the sidecar remembers a match for this exact size and mtime.
  const remembered = await readFile(sidecarPath(target), "utf8")
    .then((text) => JSON.parse(text) as Partial<Sidecar>)
    .catch(() => null);
  if (remembered?.sha256 === entry.sha256 && remembered.size === current.size && remembered.mtimeMs === current.mtimeMs) return;
  const actual = await sha256OfFile(target, signal);
  if (actual !== entry.sha256) {
    // Not deleted: the operator put it there; say what is wrong instead.
    throw new SpeechEngineError(
      "ENGINE_UNAVAILABLE",
      false,
      `${target} does not match its pinned sha256 (${entry.sha256}, file has ${actual}): replace or remove it`,
    );
  }
  await writeSidecar(target, entry.sha256, current);
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

async function download(target: string, entry: WhisperModelFile, options: ResolveWhisperModelOptions): Promise<void> {
  const { modelDir, fileName, signal, downloadBaseUrl = defaultWhisperDownloadBaseUrl } = options;
  await mkdir(modelDir, { recursive: true });
  // A unique temporary name in the same folder: two processes may download at once, and rename() is
  // atomic only within one file system; a reader never sees a half-written model under the real name.
  const temporary = path.join(modelDir, `.${fileName}.${randomUUID()}.part`);
  const url = `${downloadBaseUrl.replace(/\/+$/, "")}/${fileName}`;
  try {
    let result: Awaited<ReturnType<typeof safeDownload>>;
    try {
      result = await safeDownload(url, temporary, {
        allowedHosts: whisperDownloadHosts,
        ...options.download,
        // 10% over the published (rounded) size: room for rounding, not for an unexpected file.
        maxBytes: entry.bytes ?? Math.ceil(entry.approxMegabytes * 1.1 * 1_000_000),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      // The network may be back on the next attempt; a refused host or address will not change.
      const isRetryable = error instanceof LinkRefusedError && ["HTTP_ERROR", "TIMEOUT", "DNS_FAILED"].includes(error.code);
      throw new SpeechEngineError("ENGINE_FAILED", isRetryable, `could not download ${url}: ${(error as Error).message}`);
    }
    if (entry.bytes !== undefined && result.bytes !== entry.bytes) {
      throw new SpeechEngineError("ENGINE_FAILED", true, `download of ${fileName} has ${result.bytes} bytes, expected ${entry.bytes}`);
    }
    if (result.sha256 !== entry.sha256) {
      throw new SpeechEngineError(
        "ENGINE_FAILED",
        false,
        `download of ${fileName} does not match its pinned sha256 (${entry.sha256}, got ${result.sha256})`,
      );
    }
    await rename(temporary, target);
    const written = await stat(target);
    await writeSidecar(target, entry.sha256, { size: written.size, mtimeMs: written.mtimeMs });
  } finally {
    await rm(temporary, { force: true });
  }
}
