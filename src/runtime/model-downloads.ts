import { stat } from "node:fs/promises";
import path from "node:path";
import type { LanguageModelDownloadStatus } from "../core/ai-notes/wait-for-model";
import { listModelDownloads, type ModelDownloadRow } from "../core/model-downloads/data";
import {
  cancelModelDownload,
  claimModelDownload,
  finishModelDownload,
  recordModelDownloadFailure,
  recordModelDownloadProgress,
} from "../core/model-downloads/mutations";
import type { Database } from "../infra/db/client";
import { findModelInDir } from "../infra/llm/llama-model-files";
import type { Logger } from "../infra/logging/logger";
import { probeHost } from "../infra/net/host-probe";
import { downloadPinnedFile } from "../infra/net/pinned-file";
import { type DownloadProgress, partPath } from "../infra/net/resumable-download";
import type { ModelDownload } from "../shared/engines/model-downloads-api";
import type { Env } from "./env";
import { type CatalogueModel, modelCatalogue } from "./model-catalogue";

// The engines page's downloads and the first start's (issue 19). A download runs in the process that
// claimed its row (the web process for an admin's click, the starting process for MODEL_AUTO_DOWNLOAD):
// that process writes progress to the row about once a second, and any process cancels by setting the row
// `cancelled`, which the runner sees on its next write. Limitation: a runner that dies mid-download leaves
// its row `downloading` until it is 30 s stale; a later start (any process) then takes it over and resumes
// from the part on disk, which must be on storage both processes share (MODEL_DIR).

export interface ModelDownloads {
  list(): Promise<ModelDownload[]>;
  /** Starts or resumes a download in the background; null for a model not in the catalogue. */
  start(modelId: string, userId: string | null): Promise<ModelDownload | null>;
  /** Cancels a running download (the part stays for a resume); null for a model not in the catalogue. */
  cancel(modelId: string): Promise<ModelDownload | null>;
  /** First start: downloads the recommended models the configured engines would load and that are missing. */
  startMissing(): Promise<void>;
  /** Stops this process's downloads (shutdown) and waits for them. */
  stop(): Promise<void>;
}

export interface ModelDownloadsDeps {
  db: Database;
  logger: Logger;
  env: Env;
  /** The settings as they are now (stored engine choices merged in): which models the engines would load. */
  currentEnv?: () => Promise<Env>;
  /** Host probe timeout before a download (5 s: a machine without internet says so within seconds). */
  probeTimeoutMs?: number;
}

const staleAfterMs = 30_000;
const writeEveryMs = 1_000;
const stalledAfterMs = 3_000;

export function createModelDownloads({ db, logger, env, currentEnv, probeTimeoutMs = 5_000 }: ModelDownloadsDeps): ModelDownloads {
  const catalogue = async () => modelCatalogue(currentEnv ? await currentEnv() : env);
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const modelDir = path.resolve(env.MODEL_DIR);
  // Loopback file servers in tests; never outside NODE_ENV=test.
  const unsafeAllowAddresses = env.NODE_ENV === "test" ? env.TEST_LINK_ALLOW_ADDRESSES : undefined;
  const targetOf = (model: CatalogueModel) => path.join(modelDir, model.fileName);

  async function view(model: CatalogueModel, row: ModelDownloadRow | undefined): Promise<ModelDownload> {
    const present = await stat(targetOf(model)).catch(() => null);
    const part = await stat(partPath(targetOf(model))).catch(() => null);
    const isActive = row && ["queued", "downloading", "verifying"].includes(row.state);
    const state = isActive ? row.state : present?.isFile() ? "done" : row && row.state !== "done" ? row.state : "missing";
    const bytesDone = state === "done" ? (present?.size ?? model.bytes) : isActive ? row.bytesDone : (part?.size ?? 0);
    const bytesPerSecond = state === "downloading" ? (row?.bytesPerSecond ?? null) : null;
    const bytesTotal = row?.bytesTotal ?? model.bytes;
    return {
      modelId: model.id,
      capability: model.capability,
      fileName: model.fileName,
      bytes: model.bytes,
      isApproximate: model.isApproximate,
      licence: model.licence,
      host: new URL(model.url).hostname,
      state,
      bytesDone,
      bytesTotal,
      bytesPerSecond,
      secondsLeft: bytesPerSecond && bytesPerSecond > 0 ? Math.max(0, (bytesTotal - bytesDone) / bytesPerSecond) : null,
      error: state === "failed" ? (row?.error ?? null) : null,
      updatedAt: row?.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    };
  }

  async function findModel(modelId: string): Promise<CatalogueModel | null> {
    return (await catalogue()).find((model) => model.id === modelId) ?? null;
  }

  async function viewOf(model: CatalogueModel): Promise<ModelDownload> {
    const rows = await listModelDownloads(db);
    return view(
      model,
      rows.find((row) => row.modelId === model.id),
    );
  }

  async function run(model: CatalogueModel, controller: AbortController): Promise<void> {
    const { signal } = controller;
    let latest: DownloadProgress | null = null;
    let isWriting = false;
    let lastBytes = -1;
    let lastChangeAt = Date.now();
    // One write a second: progress for the page, a heartbeat for the claim, and the cancel check.
    const writer = setInterval(() => {
      if (isWriting || !latest) return;
      isWriting = true;
      const { phase, bytesDone, bytesTotal } = latest;
      if (bytesDone !== lastBytes) {
        lastBytes = bytesDone;
        lastChangeAt = Date.now();
      }
      // A stalled transfer has no speed (and no time left), not the last speed it had.
      const bytesPerSecond = Date.now() - lastChangeAt > stalledAfterMs ? 0 : latest.bytesPerSecond;
      recordModelDownloadProgress(db, model.id, { state: phase, bytesDone, bytesTotal, bytesPerSecond })
        .then((isActive) => {
          if (!isActive) controller.abort(new Error("cancelled"));
        })
        .catch((error: unknown) => logger.warn({ err: error, modelId: model.id }, "model download progress not recorded"))
        .finally(() => {
          isWriting = false;
        });
    }, writeEveryMs);
    try {
      await downloadPinnedFile(
        model.url,
        targetOf(model),
        { sha256: model.sha256, bytes: model.isApproximate ? undefined : model.bytes, maxBytes: maxBytesOf(model) },
        {
          allowedHosts: model.allowedHosts,
          download: { unsafeAllowAddresses },
          signal,
          onProgress: (progress) => {
            latest = progress;
          },
        },
      );
      clearInterval(writer);
      const written = await stat(targetOf(model));
      await finishModelDownload(db, model.id, { state: "done", bytesDone: written.size });
      logger.info({ modelId: model.id, bytes: written.size }, "model downloaded");
    } catch (error) {
      clearInterval(writer);
      // A cancel already wrote `cancelled`; a shutdown leaves the part for the next start to resume.
      const reason = signal.aborted ? "the server stopped during the download; start it again to resume" : `${(error as Error).message}`;
      await finishModelDownload(db, model.id, { state: "failed", error: reason }).catch(() => undefined);
      if (!signal.aborted) logger.warn({ err: error, modelId: model.id }, "model download failed");
    }
  }

  async function start(modelId: string, userId: string | null): Promise<ModelDownload | null> {
    const model = await findModel(modelId);
    if (!model) return null;
    if (running.has(model.id)) return viewOf(model);
    const present = await stat(targetOf(model)).catch(() => null);
    if (present?.isFile()) return viewOf(model);
    const failure = (error: string) =>
      recordModelDownloadFailure(db, {
        modelId: model.id,
        capability: model.capability,
        bytesTotal: model.bytes,
        startedBy: userId,
        error,
      });
    try {
      await probeHost(model.url, { allowedHosts: model.allowedHosts, unsafeAllowAddresses }, probeTimeoutMs);
    } catch (error) {
      await failure(`this machine cannot reach ${new URL(model.url).hostname}: ${(error as Error).message}`);
      return viewOf(model);
    }
    const part = await stat(partPath(targetOf(model))).catch(() => null);
    const isClaimed = await claimModelDownload(db, {
      modelId: model.id,
      capability: model.capability,
      bytesTotal: model.bytes,
      bytesDone: part?.size ?? 0,
      startedBy: userId,
      staleBefore: new Date(Date.now() - staleAfterMs),
    });
    // Another process runs it: the page shows its progress from the row.
    if (!isClaimed || running.has(model.id)) return viewOf(model);
    const controller = new AbortController();
    const done = run(model, controller).finally(() => running.delete(model.id));
    running.set(model.id, { controller, done });
    return viewOf(model);
  }

  return {
    async list() {
      const [models, rows] = await Promise.all([catalogue(), listModelDownloads(db)]);
      return Promise.all(
        models.map((model) =>
          view(
            model,
            rows.find((row) => row.modelId === model.id),
          ),
        ),
      );
    },
    start,
    async cancel(modelId) {
      const model = await findModel(modelId);
      if (!model) return null;
      await cancelModelDownload(db, model.id);
      const local = running.get(model.id);
      if (local) {
        local.controller.abort(new Error("cancelled"));
        await local.done;
      }
      return viewOf(model);
    },
    async startMissing() {
      const [models, rows] = await Promise.all([catalogue(), listModelDownloads(db)]);
      for (const model of models.filter((entry) => entry.isAutoDownloaded)) {
        // An admin who cancelled a download meant it: the first start does not undo that.
        if (rows.find((row) => row.modelId === model.id)?.state === "cancelled") continue;
        await start(model.id, null).catch((error: unknown) => logger.warn({ err: error, modelId: model.id }, "model download not started"));
      }
    },
    async stop() {
      for (const { controller } of running.values()) controller.abort(new Error("shutdown"));
      await Promise.all([...running.values()].map(({ done }) => done));
    },
  };
}

function maxBytesOf(model: CatalogueModel): number {
  return model.isApproximate ? Math.ceil(model.bytes * 1.1) : model.bytes;
}

/**
 * What the notes job waits for (issue 19): the language model's download while it runs (its percent), or
 * `failed` when it failed and left no GGUF to load; null otherwise (an endpoint is configured, the file is
 * there, or nothing was downloaded). A row no runner has written for 30 s is not waited on.
 */
export async function languageModelDownloadStatus(deps: {
  db: Database;
  modelDir: string;
  languageModel: () => Promise<{ id: string } | null>;
}): Promise<LanguageModelDownloadStatus> {
  const row = (await listModelDownloads(deps.db)).find((entry) => entry.capability === "notes");
  if (!row || row.state === "done" || row.state === "cancelled") return null;
  const model = await deps.languageModel().catch(() => null);
  if (model?.id.startsWith("openai:")) return null;
  if (row.state === "failed") return (await findModelInDir(deps.modelDir)) ? null : { state: "failed" };
  if (new Date(row.updatedAt).getTime() < Date.now() - staleAfterMs) return null;
  const total = row.bytesTotal ?? 0;
  return { state: "downloading", percent: total > 0 ? Math.min(99, Math.floor((row.bytesDone / total) * 100)) : 0 };
}
