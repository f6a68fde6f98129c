import { readFile } from "node:fs/promises";
import { z } from "zod";
import { diarizationModelFiles } from "../infra/diarization/diarization-models";
import { customLlamaModel, defaultLlamaModel, type LlamaModelSource } from "../infra/llm/llama-model-files";
import { defaultWhisperDownloadBaseUrl, whisperModelFiles } from "../infra/speech/whisper-model-files";
import type { EngineCapability } from "../shared/engines/engines-api";
import type { Env } from "./env";

// The recommended pinned models this install can download from the admin engines page and on first start
// (issue 19): the speech model (WHISPER_CPP_MODEL from whisper-model-files.ts's table) and the language
// model (decision 016's default, or LLM_MODEL_URL + LLM_MODEL_SHA256). Speaker-label models join through
// `speakerLabelModels` below. Every entry is pinned by sha256; nothing is downloaded unpinned.

export interface CatalogueModel {
  /** The file name: one file per model, so the id is the name in MODEL_DIR. */
  id: string;
  capability: EngineCapability;
  fileName: string;
  url: string;
  sha256: string;
  /** Exact size, or the published size rounded up when `isApproximate` (the download is then capped at +10%). */
  bytes: number;
  isApproximate: boolean;
  licence: string;
  allowedHosts: readonly string[];
  /** Downloaded on first start (MODEL_AUTO_DOWNLOAD) because the configured engine would load it. */
  isAutoDownloaded: boolean;
}

/** huggingface.co answers `resolve/` with a redirect to its storage hosts (cas-bridge.xethub.hf.co, cdn-lfs.hf.co...). */
const huggingFaceHosts = ["huggingface.co", "*.huggingface.co", "*.hf.co"] as const;

/**
 * Speaker-label (diarization) models, pinned like the others: helper code for the diarization engine adds
 * its segmentation and speaker-embedding files here (capability `speakerLabels`).
 */
export const speakerLabelModels: readonly Omit<CatalogueModel, "allowedHosts" | "isAutoDownloaded">[] = diarizationModelFiles.map(
  (model) => ({
    id: model.fileName,
    capability: "speakerLabels",
    fileName: model.fileName,
    url: model.url,
    sha256: model.sha256,
    bytes: model.bytes,
    isApproximate: false,
    licence: model.licence,
  }),
);

/** The catalogue for these settings; in NODE_ENV=test, MODEL_CATALOGUE_FILE replaces it. */
export async function modelCatalogue(env: Env): Promise<CatalogueModel[]> {
  if (env.NODE_ENV === "test" && env.MODEL_CATALOGUE_FILE) return catalogueFromFile(env, env.MODEL_CATALOGUE_FILE);
  const models: CatalogueModel[] = [];
  const whisper = whisperModelFiles[env.WHISPER_CPP_MODEL];
  if (whisper) {
    const url = `${(env.MODEL_DOWNLOAD_BASE_URL ?? defaultWhisperDownloadBaseUrl).replace(/\/+$/, "")}/${env.WHISPER_CPP_MODEL}`;
    models.push({
      id: env.WHISPER_CPP_MODEL,
      capability: "transcription",
      fileName: env.WHISPER_CPP_MODEL,
      url,
      sha256: whisper.sha256,
      bytes: whisper.bytes ?? Math.ceil(whisper.approxMegabytes * 1_000_000),
      isApproximate: whisper.bytes === undefined,
      // whisper.cpp's ggml conversions of OpenAI's Whisper weights.
      licence: "MIT",
      allowedHosts: hostsFor(url),
      isAutoDownloaded: env.WHISPER_CPP_DOWNLOAD && (env.SPEECH_ENGINE === "auto" || env.SPEECH_ENGINE === "whisper-cpp"),
    });
  }
  const llama = languageModelSource(env);
  if (llama) {
    const url = env.MODEL_DOWNLOAD_BASE_URL ? `${env.MODEL_DOWNLOAD_BASE_URL.replace(/\/+$/, "")}/${llama.fileName}` : llama.url;
    const isDefault = llama.fileName === defaultLlamaModel.fileName;
    models.push({
      id: llama.fileName,
      capability: "notes",
      fileName: llama.fileName,
      url,
      sha256: llama.pin.sha256,
      bytes: llama.pin.bytes ?? llama.pin.maxBytes,
      isApproximate: llama.pin.bytes === undefined,
      licence: isDefault ? "Apache-2.0" : "as published",
      allowedHosts: hostsFor(url),
      // `auto` loads a GGUF from MODEL_DIR when no endpoint or file is named (create-language-model.ts).
      isAutoDownloaded:
        env.LLM_DOWNLOAD && !env.LLM_BASE_URL && !env.LLM_MODEL_FILE && (env.LLM_ENGINE === "auto" || env.LLM_ENGINE === "llama"),
    });
  }
  // Only the files the diarizer is configured to load (DIARIZATION_*_MODEL); ~30 MB, fetched on first start
  // unless diarization is off (decision 025).
  const diarizerFiles = [env.DIARIZATION_SEGMENTATION_MODEL, env.DIARIZATION_EMBEDDING_MODEL];
  for (const model of speakerLabelModels.filter((entry) => diarizerFiles.includes(entry.fileName))) {
    const url = env.MODEL_DOWNLOAD_BASE_URL ? `${env.MODEL_DOWNLOAD_BASE_URL.replace(/\/+$/, "")}/${model.fileName}` : model.url;
    models.push({ ...model, url, allowedHosts: hostsFor(url), isAutoDownloaded: env.DIARIZATION_ENGINE !== "none" });
  }
  return models;
}

function languageModelSource(env: Env): LlamaModelSource | null {
  if (env.LLM_MODEL_URL && env.LLM_MODEL_SHA256) return customLlamaModel(env.LLM_MODEL_URL, env.LLM_MODEL_SHA256);
  // Half of a custom pin is an error create-language-model.ts reports; nothing to offer here.
  if (env.LLM_MODEL_URL || env.LLM_MODEL_SHA256) return null;
  return defaultLlamaModel;
}

function hostsFor(url: string): string[] {
  return [...huggingFaceHosts, new URL(url).hostname];
}

const catalogueFileSchema = z.array(
  z
    .object({
      capability: z.enum(["transcription", "notes", "ask", "embeddings", "speakerLabels"]),
      fileName: z.string().regex(/^\w[\w.-]*$/),
      url: z.url().optional(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: z.number().int().positive(),
      licence: z.string().default("test fixture"),
      isAutoDownloaded: z.boolean().default(false),
    })
    .strict(),
);

/** Test-only: small files a test serves and pins itself; URLs default to MODEL_DOWNLOAD_BASE_URL. */
async function catalogueFromFile(env: Env, file: string): Promise<CatalogueModel[]> {
  const entries = catalogueFileSchema.parse(JSON.parse(await readFile(file, "utf8")));
  return entries.map((entry) => {
    const base = env.MODEL_DOWNLOAD_BASE_URL?.replace(/\/+$/, "");
    const url = entry.url ?? (base ? `${base}/${entry.fileName}` : `https://huggingface.co/test/${entry.fileName}`);
    return { ...entry, id: entry.fileName, url, isApproximate: false, allowedHosts: hostsFor(url) };
  });
}
