import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunningWeb } from "~/server/start-web";
import type { DatabaseKind } from "./test-databases";
import { startTestWeb } from "./test-web";

export interface UploadTestWeb {
  web: RunningWeb;
  /** The web's DATA_DIR (uploads in progress lie under uploads/). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A web for upload tests that never reach the speech engine (its address is a closed port: every request
 * is answered before a transcription could start), with a data folder of its own, removed on stop.
 */
export async function startUploadTestWeb(kind: DatabaseKind, label: string, env: Record<string, string> = {}): Promise<UploadTestWeb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-${label}-`));
  const web = await startTestWeb(kind, {
    AUTH_RATE_LIMIT_SCALE: "100",
    DATA_DIR: dataDir,
    SPEECH_ENGINE: "openai",
    OPENAI_AUDIO_BASE_URL: "http://127.0.0.1:9",
    OPENAI_AUDIO_MODEL: "tiny.en",
    BOT_CAPACITY: "0",
    ...env,
  });
  return {
    web,
    dataDir,
    async stop() {
      await web.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
