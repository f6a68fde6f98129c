import path from "node:path";
import type { PgBoss } from "pg-boss";
import { enqueueNotes, type NotesDeps, notesJob } from "../core/ai-notes/jobs";
import { billingSettingsFromEnv } from "../core/billing/settings";
import { botLaunchJob, botTokenSecret } from "../core/meetings/launch-job";
import { botSettingsFromEnv } from "../core/meetings/settings";
import { enqueueTranscription, transcriptionJob } from "../core/transcription/jobs";
import type { TranscriptionDeps } from "../core/transcription/pipeline";
import { createChildProcessLauncher } from "../infra/bots/child-process-launcher";
import type { Database } from "../infra/db/client";
import { createLanguageModel } from "../infra/llm/create-language-model";
import { createEmbeddingModel, type EmbeddingModel } from "../infra/llm/embedding-model";
import type { LanguageModel } from "../infra/llm/language-model";
import type { Logger } from "../infra/logging/logger";
import type { JobDefinition } from "../infra/queue/job-registry";
import { createSpeechEngine } from "../infra/speech/create-speech-engine";
import type { SpeechEngine } from "../infra/speech/speech-engine";
import { createDiskStorage } from "../infra/storage/disk-storage";
import type { Storage } from "../infra/storage/storage";
import { youtubeAllowedHosts } from "../infra/youtube/youtube-client";
import type { Env } from "./env";

/** Media and documents on disk under DATA_DIR/files (S3 joins here later, behind the same interface). */
export function createStorage(env: Env): Storage {
  return createDiskStorage(path.resolve(env.DATA_DIR, "files"));
}

/**
 * The configured speech engine, chosen on first use and shared by everything in the process: the
 * transcription job, and the web's answer to which languages it transcribes (an engine that falls back
 * tells the menus once it has). Choosing loads no model. A failed choice is tried again next time.
 */
export function createSpeechEngineLoader(env: Env, logger: Logger): () => Promise<SpeechEngine> {
  let engine: Promise<SpeechEngine> | null = null;
  return () => {
    engine ??= createSpeechEngine(env, { logger }).catch((error: unknown) => {
      engine = null;
      throw error;
    });
    return engine;
  };
}

/** What the transcription job needs, built once per process; the engine loads on the first job. */
export function createTranscriptionDeps(
  env: Env,
  {
    db,
    storage,
    logger,
    boss,
    speechEngine = createSpeechEngineLoader(env, logger),
  }: { db: Database; storage: Storage; logger: Logger; boss: PgBoss; speechEngine?: () => Promise<SpeechEngine> },
): TranscriptionDeps {
  return {
    db,
    storage,
    speechEngine,
    scratchRoot: path.resolve(env.DATA_DIR, "scratch"),
    maxChunkSeconds: env.TRANSCRIBE_CHUNK_SECONDS,
    youtube: {
      baseUrl: env.YOUTUBE_BASE_URL,
      allowedHosts: [...youtubeAllowedHosts, new URL(env.YOUTUBE_BASE_URL).hostname],
      unsafeAllowAddresses: env.NODE_ENV === "test" ? env.TEST_LINK_ALLOW_ADDRESSES : undefined,
    },
    logger,
    // Issue 5: a finished transcript goes on to its AI notes.
    onTranscriptReady: async (ids) => {
      await enqueueNotes(db, boss, ids);
    },
  };
}

/** The configured embeddings endpoint (EMBEDDINGS_BASE_URL), or null: ask-AI then uses full text alone. */
export function createEmbeddingModelFromEnv(env: Env): EmbeddingModel | null {
  if (!env.EMBEDDINGS_BASE_URL) return null;
  return createEmbeddingModel({ baseUrl: env.EMBEDDINGS_BASE_URL, apiKey: env.EMBEDDINGS_API_KEY, model: env.EMBEDDINGS_MODEL });
}

/**
 * The configured language model, loaded on first use and shared by everything in the process (a local
 * model holds hundreds of MB: the notes job and ask-AI must not load two). A failed load is tried again
 * next time.
 */
export function createLanguageModelLoader(env: Env, logger: Logger): () => Promise<LanguageModel | null> {
  let model: Promise<LanguageModel | null> | null = null;
  return () => {
    model ??= createLanguageModel(env, { logger }).catch((error: unknown) => {
      model = null;
      throw error;
    });
    return model;
  };
}

/** Every job this process runs (web with EMBEDDED_WORKER, or `npm run worker`). */
export function createJobDefinitions(
  env: Env,
  deps: {
    db: Database;
    storage: Storage;
    logger: Logger;
    boss: PgBoss;
    languageModel: () => Promise<LanguageModel | null>;
    /** The process's speech engine (createSpeechEngineLoader); one of its own when absent. */
    speechEngine?: () => Promise<SpeechEngine>;
  },
): JobDefinition<never>[] {
  const transcription = createTranscriptionDeps(env, deps);
  const notes: NotesDeps = {
    db: deps.db,
    languageModel: deps.languageModel,
    embeddingModel: createEmbeddingModelFromEnv(env),
    logger: deps.logger,
  };
  return [
    transcriptionJob(transcription, { heartbeatSeconds: env.TRANSCRIPTION_HEARTBEAT_SECONDS, concurrency: env.TRANSCRIPTION_CONCURRENCY }),
    notesJob(notes, { retryDelaySeconds: env.NOTES_RETRY_DELAY_SECONDS }),
  ] as unknown as JobDefinition<never>[];
}

/**
 * The bot launcher's queue definition (issue 6). Worked only where BOT_CAPACITY > 0; elsewhere its queue
 * is only created, so the web can queue bots for other machines to run.
 */
export function createBotLaunchJob(
  env: Env,
  deps: { db: Database; storage: Storage; logger: Logger; boss: PgBoss; authSecret: string; callbackBaseUrl(): string | null },
): { definition: JobDefinition<never>; isWorkedHere: boolean } {
  const settings = botSettingsFromEnv(env);
  const definition = botLaunchJob({
    db: deps.db,
    storage: deps.storage,
    startTranscription: (ids) => enqueueTranscription(deps.boss, ids),
    settings,
    tokenSecret: botTokenSecret(settings, deps.authSecret),
    callbackBaseUrl: deps.callbackBaseUrl,
    launcher: createChildProcessLauncher({ chromiumPath: settings.chromiumPath }),
    logger: deps.logger,
    planLimits: billingSettingsFromEnv(env).limits,
  });
  return { definition: definition as unknown as JobDefinition<never>, isWorkedHere: settings.capacity > 0 };
}
