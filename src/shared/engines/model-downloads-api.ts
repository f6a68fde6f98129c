import { z } from "zod";
import { engineCapabilities } from "./engines-api";

// The admin engines page's model downloads (issue 19): the recommended pinned models, their size before
// anything starts, and each download's live state. GET /api/admin/engines/downloads lists them;
// POST /api/admin/engines/downloads/{modelId} starts or resumes one, DELETE cancels it.

/** missing: not on disk and never started (or its file was removed since). */
export const modelDownloadStates = ["missing", "queued", "downloading", "verifying", "done", "failed", "cancelled"] as const;
export type ModelDownloadStatusState = (typeof modelDownloadStates)[number];

/** A model's id is its file name (`ggml-base-q5_1.bin`). */
export const modelIdSchema = z.string().regex(/^\w[\w.-]{0,199}$/, "a model file name");

export const modelDownloadSchema = z
  .object({
    modelId: z.string(),
    capability: z.enum(engineCapabilities),
    fileName: z.string(),
    /** The size to show before starting; `isApproximate` when only the published, rounded size is known. */
    bytes: z.number().int().nonnegative(),
    isApproximate: z.boolean(),
    licence: z.string(),
    /** The host the bytes come from (huggingface.co, or MODEL_DOWNLOAD_BASE_URL's). */
    host: z.string(),
    state: z.enum(modelDownloadStates),
    bytesDone: z.number().int().nonnegative(),
    bytesTotal: z.number().int().nonnegative().nullable(),
    bytesPerSecond: z.number().nonnegative().nullable(),
    /** Seconds left at the current speed; null when not downloading or no speed yet. */
    secondsLeft: z.number().nonnegative().nullable(),
    /** Why it failed, in plain words. */
    error: z.string().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ModelDownload" });
export type ModelDownload = z.infer<typeof modelDownloadSchema>;

export const modelDownloadsResponseSchema = z
  .object({ success: z.literal(true), downloads: z.array(modelDownloadSchema) })
  .meta({ id: "ModelDownloadsResponse" });
export type ModelDownloadsResponse = z.infer<typeof modelDownloadsResponseSchema>;

export const modelDownloadResponseSchema = z
  .object({ success: z.literal(true), download: modelDownloadSchema })
  .meta({ id: "ModelDownloadResponse" });
