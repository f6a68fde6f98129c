// The engines page's model downloads (issue 19), typed by src/shared/engines/model-downloads-api.ts through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type { ModelDownload } from "~/shared/engines/model-downloads-api";

/** GET /api/admin/engines/downloads: each recommended model, its size, and its download's state. */
export async function fetchModelDownloads(signal?: AbortSignal): Promise<ModelDownload[]> {
  // Polled every second while one runs: a failed poll is not worth an alert each time.
  return (await call(api({ isBackground: true }).GET("/admin/engines/downloads", { signal }))).downloads;
}

/** POST: download the model, or resume its download. */
export async function startModelDownload(modelId: string): Promise<ModelDownload> {
  return (await call(api().POST("/admin/engines/downloads/{modelId}", { params: { path: { modelId } } }))).download;
}

/** DELETE: cancel the download; what arrived is kept for a resume. */
export async function cancelModelDownload(modelId: string): Promise<ModelDownload> {
  return (await call(api().DELETE("/admin/engines/downloads/{modelId}", { params: { path: { modelId } } }))).download;
}
