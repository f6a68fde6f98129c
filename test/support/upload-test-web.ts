import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Env, parseEnv } from "~/runtime/env";
import type { RunningWeb } from "~/server/start-web";
import type { DatabaseKind } from "./test-databases";
import { startTestWeb, testWebBaseEnv } from "./test-web";

// The speech engine's address is a closed port: every request is answered before a transcription could start.
const uploadWebEnv = {
  AUTH_RATE_LIMIT_SCALE: "100",
  SPEECH_ENGINE: "openai",
  OPENAI_AUDIO_BASE_URL: "http://127.0.0.1:9",
  OPENAI_AUDIO_MODEL: "tiny.en",
  BOT_CAPACITY: "0",
} as const;

export interface UploadTestWeb {
  web: RunningWeb;
  /** The web's DATA_DIR (uploads in progress lie under uploads/). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A web for upload tests that never reach the speech engine, with a data folder of its own, removed on stop. */
export async function startUploadTestWeb(kind: DatabaseKind, label: string, env: Record<string, string> = {}): Promise<UploadTestWeb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-${label}-`));
  const web = await startTestWeb(kind, { ...uploadWebEnv, DATA_DIR: dataDir, ...env });
  return {
    web,
    dataDir,
    async stop() {
      await web.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The settings of one of several upload-test web processes on one PostgreSQL (`databaseUrl`): no worker,
 * so notes stay queued (these tests are about the upload's bytes); `env` adds the store and the like.
 */
export function sharedDatabaseUploadEnv(databaseUrl: string | undefined, dataDir: string, env: Record<string, string> = {}): Env {
  if (!databaseUrl) throw new Error("web processes share a PostgreSQL database only: open the test database with kind postgres");
  return parseEnv({ ...testWebBaseEnv, ...uploadWebEnv, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, EMBEDDED_WORKER: "false", ...env });
}
