import path from "node:path";
import { transcriptionJob } from "../core/transcription/jobs";
import type { TranscriptionDeps } from "../core/transcription/pipeline";
import type { Database } from "../infra/db/client";
import { createSpeechEngine } from "../infra/speech/create-speech-engine";
import type { SpeechEngine } from "../infra/speech/speech-engine";
import { createDiskStorage } from "../infra/storage/disk-storage";
import type { Storage } from "../infra/storage/storage";
import { youtubeAllowedHosts } from "../infra/youtube/youtube-client";
import type { Env } from "../server/env";
import type { Logger } from "../server/logger";
import type { JobDefinition } from "./job-registry";

/** Media and documents on disk under DATA_DIR/files (S3 joins here later, behind the same interface). */
export function createStorage(env: Env): Storage {
  return createDiskStorage(path.resolve(env.DATA_DIR, "files"));
}

/** What the transcription job needs, built once per process; the engine loads on the first job. */
export function createTranscriptionDeps(
  env: Env,
  { db, storage, logger }: { db: Database; storage: Storage; logger: Logger },
): TranscriptionDeps {
  let engine: Promise<SpeechEngine> | null = null;
  return {
    db,
    storage,
    speechEngine: () => {
      engine ??= createSpeechEngine(env, { logger }).catch((error: unknown) => {
        engine = null;
        throw error;
      });
      return engine;
    },
    scratchRoot: path.resolve(env.DATA_DIR, "scratch"),
    maxChunkSeconds: env.TRANSCRIBE_CHUNK_SECONDS,
    youtube: {
      baseUrl: env.YOUTUBE_BASE_URL,
      allowedHosts: [...youtubeAllowedHosts, new URL(env.YOUTUBE_BASE_URL).hostname],
      unsafeAllowAddresses: env.NODE_ENV === "test" ? env.TEST_LINK_ALLOW_ADDRESSES : undefined,
    },
    logger,
  };
}

/** Every job this process runs (web with EMBEDDED_WORKER, or `npm run worker`). */
export function createJobDefinitions(env: Env, deps: { db: Database; storage: Storage; logger: Logger }): JobDefinition<never>[] {
  const transcription = createTranscriptionDeps(env, deps);
  return [transcriptionJob(transcription, { heartbeatSeconds: env.TRANSCRIPTION_HEARTBEAT_SECONDS })] as unknown as JobDefinition<never>[];
}
