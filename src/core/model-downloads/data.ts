import type { Database } from "~/infra/db/client";
import { type ModelDownloadState, modelDownloads } from "~/infra/db/engines-schema";

// The install's model downloads (issue 19): one row per pinned file, shared by every process. Site-wide,
// not user data: no owner to scope by; the admin routes check the role.

export interface ModelDownloadRow {
  modelId: string;
  capability: string;
  state: ModelDownloadState;
  bytesDone: number;
  bytesTotal: number | null;
  bytesPerSecond: number | null;
  error: string | null;
  startedBy: string | null;
  startedAt: Date;
  updatedAt: Date;
}

export async function listModelDownloads(db: Database): Promise<ModelDownloadRow[]> {
  return db.select().from(modelDownloads).orderBy(modelDownloads.modelId);
}
