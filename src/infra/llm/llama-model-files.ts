import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { type DownloadPinnedFileOptions, downloadPinnedFile, type FilePin, PinnedFileError, verifyPinnedFile } from "../net/pinned-file";
import { LanguageModelError } from "./language-model-error";

// Which GGUF the local engine loads (decision 016): the file the operator names (LLM_MODEL_FILE, used as
// is), a GGUF in MODEL_DIR, or the pinned default downloaded once on a machine with internet.

export interface LlamaModelSource {
  fileName: string;
  url: string;
  pin: FilePin;
}

/**
 * Qwen2.5-1.5B-Instruct Q4_K_M (Apache-2.0), from Qwen's own GGUF repository at a fixed revision. Size and
 * sha256 as published for that file (Hugging Face's LFS details, read in several independent projects that
 * pin it); the download is refused unless both match. Why this model: decision 016.
 */
export const defaultLlamaModel: LlamaModelSource = {
  fileName: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
  url: "https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf",
  pin: {
    sha256: "6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e",
    bytes: 1_117_320_736,
    maxBytes: 1_117_320_736,
  },
};

/** huggingface.co answers `resolve/` with a redirect to its storage hosts (cas-bridge.xethub.hf.co, cdn-lfs.hf.co...). */
const huggingFaceHosts = ["huggingface.co", "*.huggingface.co", "*.hf.co"];

/** Another model to download instead of the default: LLM_MODEL_URL + LLM_MODEL_SHA256 (never unpinned). */
export function customLlamaModel(url: string, sha256: string): LlamaModelSource {
  const fileName = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  if (!/^[\w.-]+\.gguf$/i.test(fileName) || fileName.startsWith(".")) {
    throw new LanguageModelError("unavailable", `LLM_MODEL_URL must end in a .gguf file name: ${url}`);
  }
  // No exact size is known: 40 GB caps a runaway body above any model a CPU box would load.
  return { fileName, url, pin: { sha256: sha256.toLowerCase(), maxBytes: 40 * 1024 ** 3 } };
}

/** LLM_MODEL_FILE as a path: absolute or relative to the working folder when it has a slash, else a name in MODEL_DIR. */
export function operatorModelPath(modelDir: string, modelFile: string): string {
  return modelFile.includes("/") || modelFile.includes(path.sep) ? path.resolve(modelFile) : path.join(modelDir, modelFile);
}

const isFile = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

/** The GGUF `auto` would load from MODEL_DIR without downloading: the default's file, else the first other `.gguf` by name. */
export async function findModelInDir(modelDir: string): Promise<string | null> {
  if (await isFile(path.join(modelDir, defaultLlamaModel.fileName))) return path.join(modelDir, defaultLlamaModel.fileName);
  const names = await readdir(modelDir).catch(() => [] as string[]);
  const gguf = names.filter((name) => name.toLowerCase().endsWith(".gguf") && !name.startsWith(".")).sort();
  for (const name of gguf) if (await isFile(path.join(modelDir, name))) return path.join(modelDir, name);
  return null;
}

export interface ResolveLlamaModelOptions {
  modelDir: string;
  source: LlamaModelSource;
  allowDownload: boolean;
  /** Network overrides for tests (a server on 127.0.0.1); production passes none. */
  network?: Pick<DownloadPinnedFileOptions, "allowedHosts" | "download">;
  signal?: AbortSignal;
}

/**
 * The pinned model's path in MODEL_DIR: checked against its sha256 when present (once, remembered in a
 * sidecar), else downloaded when allowed. Errors are `unavailable` (nothing to load, or wrong bytes) or
 * `unreachable` (the network may come back).
 */
export async function resolvePinnedLlamaModel(options: ResolveLlamaModelOptions): Promise<string> {
  const { modelDir, source, signal } = options;
  const target = path.join(modelDir, source.fileName);
  try {
    if (await isFile(target)) {
      await verifyPinnedFile(target, source.pin, signal);
      return target;
    }
    if (!options.allowDownload) {
      throw new LanguageModelError(
        "unavailable",
        `language model ${target} is missing and LLM_DOWNLOAD is off: put a GGUF there (or set LLM_MODEL_FILE) or allow the download`,
      );
    }
    const origin = new URL(source.url).hostname;
    await downloadPinnedFile(source.url, target, source.pin, {
      allowedHosts: options.network?.allowedHosts ?? [...huggingFaceHosts, origin],
      download: options.network?.download,
      signal,
    });
    return target;
  } catch (error) {
    if (signal?.aborted) throw new LanguageModelError("aborted", "the model download was stopped", { cause: error });
    if (!(error instanceof PinnedFileError)) throw error;
    throw new LanguageModelError(error.code === "DOWNLOAD_FAILED" && error.isRetryable ? "unreachable" : "unavailable", error.message, {
      cause: error,
    });
  }
}
