import path from "node:path";
import type { S3Store } from "@tus/s3-store";
import type { PgBoss } from "pg-boss";
import { enqueueNotes, type NotesDeps, notesJob } from "../core/ai-notes/jobs";
import { billingSettingsFromEnv } from "../core/billing/settings";
import type { CalendarDeps } from "../core/calendars/calendar-deps";
import { calendarDispatchJob, enqueueDispatch } from "../core/calendars/dispatch-due-events";
import { calendarPollJob, calendarSyncJob } from "../core/calendars/jobs";
import { sendCalendarRecap } from "../core/calendars/recap-mail";
import { calendarSettingsFromEnv } from "../core/calendars/settings";
import { botLaunchJob, botTokenSecret } from "../core/meetings/launch-job";
import { botSettingsFromEnv } from "../core/meetings/settings";
import { type ExpiringUploadStore, expiredUploadsJob, uploadExpirationMs } from "../core/transcription/expired-uploads-job";
import { enqueueTranscription, transcriptionJob } from "../core/transcription/jobs";
import type { TranscriptionDeps } from "../core/transcription/pipeline";
import type { ZoomDeps } from "../core/zoom/zoom-connect";
import { fetchZoomJoinToken } from "../core/zoom/zoom-join-token";
import { createBotLauncher } from "../infra/bots/create-bot-launcher";
import type { Database } from "../infra/db/client";
import { notifyCalendarChanged } from "../infra/db/note-changes";
import { createSpeakerDiarizer } from "../infra/diarization/create-speaker-diarizer";
import type { SpeakerDiarizer } from "../infra/diarization/speaker-diarizer";
import { createLanguageModel } from "../infra/llm/create-language-model";
import { createEmbeddingModel, type EmbeddingModel } from "../infra/llm/embedding-model";
import type { LanguageModel } from "../infra/llm/language-model";
import type { Logger } from "../infra/logging/logger";
import { createSmtpMailer, type Mailer } from "../infra/mail/mailer";
import { createTokenCipher, tokenKeyFrom } from "../infra/oauth/token-crypto";
import { setJobNiceness } from "../infra/priority/child-priority";
import type { JobDefinition } from "../infra/queue/job-registry";
import { createSpeechEngine } from "../infra/speech/create-speech-engine";
import type { SpeechEngine } from "../infra/speech/speech-engine";
import { createDiskStorage } from "../infra/storage/disk-storage";
import type { S3Connection } from "../infra/storage/s3-client";
import type { Storage } from "../infra/storage/storage";
import { parseStorageUrl, type StorageConfig } from "../infra/storage/storage-env";
import { youtubeAllowedHosts } from "../infra/youtube/youtube-client";
import { youtubeExtractorSetting } from "../infra/youtube/youtube-env";
import { createYtDlpLoader } from "../infra/youtube/yt-dlp-process";
import { createBotTexts } from "./bot-texts";
import { createEngineConfig, type EngineConfig, staticEngineConfig } from "./engine-settings";
import type { Env } from "./env";
import { languageModelDownloadStatus } from "./model-downloads";
import { createVersionedLoader } from "./versioned-loader";

/**
 * Media and documents: on disk under DATA_DIR/files (the default) or in the S3 bucket STORAGE_URL names (issue 21).
 * The AWS SDK loads only when S3 is configured: it costs a disk install over a second at every start.
 */
export async function createStorage(env: Env): Promise<Storage> {
  const config = parseStorageUrl(env.STORAGE_URL);
  if (config.kind === "disk") return createDiskStorage(path.resolve(config.root ?? path.join(env.DATA_DIR, "files")));
  const { createS3Storage } = await import("../infra/storage/s3-storage");
  return createS3Storage({ ...s3ConnectionOf(env, config), publicEndpoint: config.publicEndpoint });
}

/** Where tus keeps uploads in progress: null on disk (DATA_DIR/uploads), the bucket with S3 (any web process resumes). */
export async function createUploadStore(env: Env, { expirationMs }: { expirationMs: number }): Promise<S3Store | null> {
  const config = parseStorageUrl(env.STORAGE_URL);
  if (config.kind !== "s3") return null;
  const { createS3UploadStore } = await import("../infra/storage/s3-upload-store");
  return createS3UploadStore(s3ConnectionOf(env, config), { expirationMs });
}

/**
 * The same uploads in progress for the expiry clean-up (issue 21): the bucket, or tus's file store on this
 * machine's DATA_DIR/uploads (the web's own folder when the worker is embedded or shares the disk).
 */
export async function createExpiringUploadStore(env: Env, { expirationMs = uploadExpirationMs } = {}): Promise<ExpiringUploadStore> {
  const records = await import("../infra/storage/expired-upload-records");
  const config = parseStorageUrl(env.STORAGE_URL);
  if (config.kind === "s3") {
    const connection = s3ConnectionOf(env, config);
    const [{ createS3UploadStore }, { createS3Client }] = await Promise.all([
      import("../infra/storage/s3-upload-store"),
      import("../infra/storage/s3-client"),
    ]);
    const bucket = createS3UploadStore(connection, { expirationMs });
    const client = createS3Client(connection);
    return {
      async deleteExpired() {
        // tus's own expiry first: it removes the .info of the open uploads it aborts.
        const unfinished = await bucket.deleteExpired();
        const finishedRecords = await records.deleteFinishedBucketRecords(client, connection.bucket, expirationMs);
        return { unfinished, finishedRecords };
      },
    };
  }
  const directory = path.resolve(env.DATA_DIR, "uploads");
  return { deleteExpired: () => records.deleteExpiredDiskUploads(directory, expirationMs) };
}

function s3ConnectionOf(env: Env, config: Extract<StorageConfig, { kind: "s3" }>): S3Connection {
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : null;
  return { bucket: config.bucket, endpoint: config.endpoint, region: config.region, forcePathStyle: config.forcePathStyle, credentials };
}

/** Where the engines read their settings: the stored choices merged under the environment, or a fixed Env. */
export type EngineSource = Env | EngineConfig;

function engineConfigOf(source: EngineSource): EngineConfig {
  return "invalidate" in source ? source : staticEngineConfig(source);
}

/**
 * The configured speech engine, chosen on first use and shared by everything in the process: the
 * transcription job, and the web's answer to which languages it transcribes (an engine that falls back
 * tells the menus once it has). Choosing loads no model. A failed choice is tried again next time; a changed
 * engine setting (or a finished model download) chooses again (issue 19).
 */
export function createSpeechEngineLoader(source: EngineSource, logger: Logger): () => Promise<SpeechEngine> {
  return createVersionedLoader(engineConfigOf(source), (env) => createSpeechEngine(env, { logger }), { logger, what: "speech" });
}

/**
 * The speaker diarizer for uploads and browser recordings (decision 025): sherpa-onnx once its two model
 * files are in MODEL_DIR, else null. Chosen again when the engine settings change or a model download
 * finishes, so labels start without a restart.
 */
export function createSpeakerDiarizerLoader(source: EngineSource, logger: Logger): () => Promise<SpeakerDiarizer | null> {
  return createVersionedLoader(engineConfigOf(source), (env) => createSpeakerDiarizer(env, { logger }), {
    logger,
    what: "diarization",
    close: async (diarizer) => diarizer?.dispose(),
  });
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
    speakerDiarizer = createSpeakerDiarizerLoader(env, logger),
  }: {
    db: Database;
    storage: Storage;
    logger: Logger;
    boss: PgBoss;
    speechEngine?: () => Promise<SpeechEngine>;
    speakerDiarizer?: () => Promise<SpeakerDiarizer | null>;
  },
): TranscriptionDeps {
  // The children the jobs start (engine, ffmpeg, yt-dlp, diarization) yield the CPU to this process's answers.
  setJobNiceness(env.JOB_NICENESS);
  return {
    db,
    storage,
    speechEngine,
    speakerDiarizer,
    scratchRoot: path.resolve(env.DATA_DIR, "scratch"),
    maxChunkSeconds: env.TRANSCRIBE_CHUNK_SECONDS,
    youtube: {
      baseUrl: env.YOUTUBE_BASE_URL,
      allowedHosts: [...youtubeAllowedHosts, new URL(env.YOUTUBE_BASE_URL).hostname],
      ytDlp: createYtDlpLoader(youtubeExtractorSetting(env), env.YTDLP_PATH, (ytDlp) => {
        if (ytDlp) logger.info({ executable: ytDlp.executable, version: ytDlp.version }, "YouTube links go through yt-dlp");
        else if (env.YOUTUBE_EXTRACTOR === "yt-dlp")
          logger.warn("YOUTUBE_EXTRACTOR=yt-dlp but no working yt-dlp was found: the built-in client reads YouTube links");
      }),
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

/** The embeddings endpoint as the settings say now (issue 19: a stored choice applies without a restart). */
export function createEmbeddingModelLoader(source: EngineSource, logger: Logger): () => Promise<EmbeddingModel | null> {
  return createVersionedLoader(engineConfigOf(source), async (env) => createEmbeddingModelFromEnv(env), { logger, what: "embeddings" });
}

/**
 * The configured language model, loaded on first use and shared by everything in the process (a local
 * model holds hundreds of MB: the notes job and ask-AI must not load two). A failed load is tried again
 * next time; a changed engine setting loads the new one and closes the old (issue 19).
 */
export function createLanguageModelLoader(source: EngineSource, logger: Logger): () => Promise<LanguageModel | null> {
  return createVersionedLoader(engineConfigOf(source), (env) => createLanguageModel(env, { logger }), {
    logger,
    what: "language model",
    close: async (model) => model?.close(),
  });
}

/**
 * What calendar connect, sync and push need (issue 18), shared by the API and the calendar jobs of one
 * process. `afterCalendarChange` runs after each sync, join toggle and preference change of a user: the
 * auto-join dispatcher plugs in there (default: that user's dispatch run is queued at once).
 */
export function createCalendarDeps(
  env: Env,
  deps: {
    db: Database;
    boss: PgBoss;
    logger: Logger;
    authSecret: string;
    afterCalendarChange?: CalendarDeps["afterCalendarChange"];
  },
): CalendarDeps {
  const settings = calendarSettingsFromEnv(env);
  return {
    db: deps.db,
    boss: deps.boss,
    settings,
    cipher: createTokenCipher(tokenKeyFrom({ configuredKey: settings.configuredTokenKey, authSecret: deps.authSecret })),
    logger: deps.logger.child({ component: "calendar" }),
    afterCalendarChange:
      deps.afterCalendarChange ??
      (async ({ userId }) => {
        // Open calendar pages refetch at once; the user's due events get their bots now, not next minute.
        await notifyCalendarChanged(deps.db, { userId });
        await enqueueDispatch(deps.boss, { userId });
      }),
  };
}

/** What Zoom connect and the bot's Zoom join token need (interpretations 22), built once per process. */
export function createZoomDeps(env: Env, deps: { db: Database; logger: Logger; authSecret: string }): ZoomDeps {
  const settings = calendarSettingsFromEnv(env);
  return {
    db: deps.db,
    settings,
    cipher: createTokenCipher(tokenKeyFrom({ configuredKey: settings.configuredTokenKey, authSecret: deps.authSecret })),
    logger: deps.logger.child({ component: "zoom" }),
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
    /** The process's embeddings endpoint (createEmbeddingModelLoader); the environment's when absent. */
    embeddingModel?: () => Promise<EmbeddingModel | null>;
    /** The process's speech engine (createSpeechEngineLoader); one of its own when absent. */
    speechEngine?: () => Promise<SpeechEngine>;
    /** The process's speaker diarizer (createSpeakerDiarizerLoader); one of its own when absent. */
    speakerDiarizer?: () => Promise<SpeakerDiarizer | null>;
    /** The process's mailer (calendar recaps); absent: one over SMTP_URL, or none (recaps logged, not sent). */
    mailer?: Mailer | null;
    /** The site's origin for links in mails; absent: PUBLIC_URL. */
    publicUrl?: () => string | null;
    /** Calendar sync and its poll (createCalendarDeps). */
    calendar: CalendarDeps;
  },
): JobDefinition<never>[] {
  const transcription = createTranscriptionDeps(env, deps);
  const mailer = deps.mailer ?? (env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null);
  const publicUrl = deps.publicUrl ?? (() => env.PUBLIC_URL ?? null);
  const notes: NotesDeps = {
    db: deps.db,
    languageModel: deps.languageModel,
    // Issue 19: a note waits for the language model's first-run download ("Waiting for the AI model: 43%").
    languageModelDownload: () => languageModelDownloadStatus({ db: deps.db, modelDir: env.MODEL_DIR, languageModel: deps.languageModel }),
    embeddingModel: deps.embeddingModel ?? createEmbeddingModelFromEnv(env),
    logger: deps.logger,
    // Issue 18: a calendar meeting's recap e-mail once its notes are ready (send-notes on).
    onNotesReady: async (ids) => {
      if (!mailer) {
        deps.logger.debug({ noteId: ids.noteId }, "no mailer in this process: calendar recaps are not sent");
        return;
      }
      await sendCalendarRecap({ db: deps.db, mailer, logger: deps.logger, publicUrl }, ids);
    },
  };
  const dispatch = calendarDispatchJob({
    db: deps.db,
    boss: deps.boss,
    storage: deps.storage,
    startTranscription: (ids) => enqueueTranscription(deps.boss, ids),
    planLimits: billingSettingsFromEnv(env).limits,
    botTexts: createBotTexts(),
    logger: deps.logger,
  });
  // Made on the clean-up's first run and kept (the S3 store holds a client with its connections).
  let expiringUploadStore: Promise<ExpiringUploadStore> | null = null;
  return [
    transcriptionJob(transcription, {
      heartbeatSeconds: env.TRANSCRIPTION_HEARTBEAT_SECONDS,
      retryDelaySeconds: env.TRANSCRIPTION_RETRY_DELAY_SECONDS,
      concurrency: env.TRANSCRIPTION_CONCURRENCY,
    }),
    notesJob(notes, { retryDelaySeconds: env.NOTES_RETRY_DELAY_SECONDS, concurrency: env.NOTES_CONCURRENCY }),
    dispatch,
    calendarSyncJob(deps.calendar),
    calendarPollJob(deps.calendar),
    expiredUploadsJob({ uploadStore: () => (expiringUploadStore ??= createExpiringUploadStore(env)) }),
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
  const zoom = createZoomDeps(env, deps);
  const definition = botLaunchJob({
    db: deps.db,
    storage: deps.storage,
    startTranscription: (ids) => enqueueTranscription(deps.boss, ids),
    settings,
    tokenSecret: botTokenSecret(settings, deps.authSecret),
    callbackBaseUrl: deps.callbackBaseUrl,
    launcher: createBotLauncher(env, { chromiumPath: settings.chromiumPath, runsBots: settings.capacity > 0 }),
    logger: deps.logger,
    planLimits: billingSettingsFromEnv(env).limits,
    zoomJoinToken: (input) => fetchZoomJoinToken(zoom, input),
  });
  return { definition: definition as unknown as JobDefinition<never>, isWorkedHere: settings.capacity > 0 };
}

/**
 * The process's engine settings (issue 19): choices stored by admins under the environment's variables, API
 * keys sealed with the provider-token cipher (TOKEN_ENCRYPTION_KEY, else derived from AUTH_SECRET).
 */
export function createProcessEngineConfig(
  env: Env,
  deps: { db: Database; logger: Logger; authSecret: string; environment?: Record<string, string | undefined> },
): EngineConfig {
  const cipher = createTokenCipher(
    tokenKeyFrom({ configuredKey: calendarSettingsFromEnv(env).configuredTokenKey, authSecret: deps.authSecret }),
  );
  return createEngineConfig({
    db: deps.db,
    env,
    environment: deps.environment ?? process.env,
    cipher,
    logger: deps.logger.child({ component: "engine-settings" }),
  });
}
