import { stat } from "node:fs/promises";
import path from "node:path";
import { downloadPinnedFile, PinnedFileError, verifyPinnedFile } from "../net/pinned-file";
import type { SafeDownloadOptions } from "../net/safe-download";
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
    if (entry) await verifyPinnedFile(target, entry, signal).catch(asSpeechError);
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
  const url = `${(options.downloadBaseUrl ?? defaultWhisperDownloadBaseUrl).replace(/\/+$/, "")}/${fileName}`;
  // 10% over the published (rounded) size: room for rounding, not for an unexpected file.
  const maxBytes = entry.bytes ?? Math.ceil(entry.approxMegabytes * 1.1 * 1_000_000);
  await downloadPinnedFile(
    url,
    target,
    { sha256: entry.sha256, bytes: entry.bytes, maxBytes },
    {
      allowedHosts: whisperDownloadHosts,
      download: options.download,
      signal,
    },
  ).catch(asSpeechError);
  return target;
}

/** A file in place that does not match is the operator's to fix; a failed download is an engine failure. */
function asSpeechError(error: unknown): never {
  if (!(error instanceof PinnedFileError)) throw error;
  if (error.code === "PRESENT_MISMATCH") throw new SpeechEngineError("ENGINE_UNAVAILABLE", false, error.message);
  throw new SpeechEngineError("ENGINE_FAILED", error.isRetryable, error.message);
}
