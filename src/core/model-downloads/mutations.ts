import { and, eq, inArray, lt, notInArray, or } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { type ModelDownloadState, modelDownloads } from "~/infra/db/engines-schema";

// Progress of the install's model downloads (issue 19). A download belongs to the process that claimed its
// row: the claim is one atomic upsert, so two processes (web and worker, two webs) never fetch one file at
// once; a claim whose runner stopped writing for `staleBefore` (a killed process) may be taken over.

const activeStates: ModelDownloadState[] = ["queued", "downloading", "verifying"];

export interface ClaimModelDownload {
  modelId: string;
  capability: string;
  bytesTotal: number | null;
  /** A part left by an earlier run: the download resumes from it. */
  bytesDone: number;
  startedBy: string | null;
  /** An active row last written before this belongs to a runner that is gone. */
  staleBefore: Date;
}

/** Marks the model `downloading` for the caller; false when another runner holds it. */
export async function claimModelDownload(db: Database, claim: ClaimModelDownload): Promise<boolean> {
  const now = new Date();
  const values = {
    modelId: claim.modelId,
    capability: claim.capability,
    state: "downloading" as const,
    bytesDone: claim.bytesDone,
    bytesTotal: claim.bytesTotal,
    bytesPerSecond: null,
    error: null,
    startedBy: claim.startedBy,
    startedAt: now,
    updatedAt: now,
  };
  const { modelId: _key, ...update } = values;
  const rows = await db
    .insert(modelDownloads)
    .values(values)
    .onConflictDoUpdate({
      target: modelDownloads.modelId,
      set: update,
      setWhere: or(notInArray(modelDownloads.state, activeStates), lt(modelDownloads.updatedAt, claim.staleBefore)),
    })
    .returning({ modelId: modelDownloads.modelId });
  return rows.length > 0;
}

export interface ModelDownloadProgress {
  state: "downloading" | "verifying";
  bytesDone: number;
  bytesTotal: number | null;
  bytesPerSecond: number | null;
}

/** Writes progress while the row is still active; false when it is not (cancelled from another process). */
export async function recordModelDownloadProgress(db: Database, modelId: string, progress: ModelDownloadProgress): Promise<boolean> {
  const rows = await db
    .update(modelDownloads)
    .set({ ...progress, updatedAt: new Date() })
    .where(and(eq(modelDownloads.modelId, modelId), inArray(modelDownloads.state, ["downloading", "verifying"])))
    .returning({ modelId: modelDownloads.modelId });
  return rows.length > 0;
}

/** The end of a run: `done` (updated_at bumped: the engine loaders choose again) or `failed` with a reason. */
export async function finishModelDownload(
  db: Database,
  modelId: string,
  outcome: { state: "done"; bytesDone: number } | { state: "failed"; error: string },
): Promise<void> {
  const set =
    outcome.state === "done"
      ? { state: "done" as const, bytesDone: outcome.bytesDone, bytesTotal: outcome.bytesDone, bytesPerSecond: null, error: null }
      : { state: "failed" as const, bytesPerSecond: null, error: outcome.error };
  await db
    .update(modelDownloads)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(modelDownloads.modelId, modelId), inArray(modelDownloads.state, activeStates)));
}

/** Records a download that failed before it was claimed (the host unreachable), unless one is running. */
export async function recordModelDownloadFailure(
  db: Database,
  failure: { modelId: string; capability: string; bytesTotal: number | null; startedBy: string | null; error: string },
): Promise<void> {
  const now = new Date();
  const values = { ...failure, state: "failed" as const, bytesDone: 0, bytesPerSecond: null, startedAt: now, updatedAt: now };
  const { modelId: _key, bytesDone: _done, ...update } = values;
  await db
    .insert(modelDownloads)
    .values(values)
    .onConflictDoUpdate({ target: modelDownloads.modelId, set: update, setWhere: notInArray(modelDownloads.state, activeStates) });
}

/** Cancels an active download (its runner, in whichever process, sees the state and stops); false when none runs. */
export async function cancelModelDownload(db: Database, modelId: string): Promise<boolean> {
  const rows = await db
    .update(modelDownloads)
    .set({ state: "cancelled", bytesPerSecond: null, updatedAt: new Date() })
    .where(and(eq(modelDownloads.modelId, modelId), inArray(modelDownloads.state, activeStates)))
    .returning({ modelId: modelDownloads.modelId });
  return rows.length > 0;
}
