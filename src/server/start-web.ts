import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerType, serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createAnalyticsGateway } from "../analytics/app";
import { createAccountMail } from "../core/accounts/account-mail";
import { ensureUserData, grantAdmin } from "../core/accounts/mutations";
import { analyticsConnectOrigins, analyticsSettingsFromEnv } from "../core/analytics/settings";
import { billingSettingsFromEnv, paddleBrowserOrigins } from "../core/billing/settings";
import { botTokenSecret } from "../core/meetings/launch-job";
import { botSettingsFromEnv } from "../core/meetings/settings";
import { listModelDownloads } from "../core/model-downloads/data";
import { sessionRecordingFromEnv, smartlookBrowserOrigins } from "../core/session-recording/settings";
import { accountSignInLimit } from "../core/sign-in-limits/account-sign-in-limit";
import { findRedirect, listRedirects } from "../core/site-redirects/data";
import { uploadExpirationMs } from "../core/transcription/expired-uploads-job";
import { offeredLanguages, spokenLanguagesOf } from "../core/transcription/offered-languages";
import { resolveAuthSecret } from "../infra/auth/auth-secret";
import { createAuth } from "../infra/auth/create-auth";
import { enabledSignInProviders } from "../infra/auth/social/social-plugin";
import { type DatabaseHandle, openDatabase } from "../infra/db/client";
import type { Logger } from "../infra/logging/logger";
import type { MailCatcher } from "../infra/mail/mail-catcher";
import { startMail } from "../infra/mail/start-mail";
import { type QueueHandle, startQueue } from "../infra/queue/boss";
import { ensureQueues, registerJobHandlers } from "../infra/queue/job-registry";
import { parseStorageUrl, storageMediaOrigins } from "../infra/storage/storage-env";
import { createUploadLocker } from "../infra/storage/upload-locker";
import { describeEngines } from "../runtime/engines-report";
import type { Env } from "../runtime/env";
import {
  createBotLaunchJob,
  createCalendarDeps,
  createEmbeddingModelLoader,
  createJobDefinitions,
  createLanguageModelLoader,
  createProcessEngineConfig,
  createSpeakerDiarizerLoader,
  createSpeechEngineLoader,
  createStorage,
  createUploadStore,
  createZoomDeps,
} from "../runtime/job-deps";
import { createModelDownloads, type ModelDownloads } from "../runtime/model-downloads";
import { requestLocale } from "../shared/i18n/request-locale";
import { createSessionResolver } from "./accounts/session-resolver";
import { clientIpHeader } from "./api/auth/auth-routes";
import { devMailboxPage, devMailRoutes } from "./api/dev-mail/dev-mail-routes";
import { createApp } from "./app";
import { loadCatalogs } from "./i18n-catalogs";
import { startNoteEventHub } from "./notes/note-events";
import { serverBuildLoader } from "./react-router-handler";

export interface RunningWeb {
  url: string;
  database: DatabaseHandle;
  queue: QueueHandle;
  /** The embedded mail catcher when no SMTP_URL is set (tests read it). */
  mailCatcher: MailCatcher | null;
  /** The recommended models' downloads (issue 19): main.ts starts the missing ones; tests drive them. */
  modelDownloads: ModelDownloads;
  stop(): Promise<void>;
}

export async function loadServerBuild(buildDir = path.resolve("build")): Promise<ServerBuild> {
  const entry = serverBuildEntry(buildDir);
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`Cannot load the web build at ${entry}: run \`npm run build\` first.`, { cause: error });
  }
}

const serverBuildEntry = (buildDir: string) => path.join(buildDir, "server", "index.js");

/**
 * The React Router build, imported once on first use (issue 22, decision 030): evaluating it (every page,
 * the admin charts) costs ~0.45 s that the API and the health check never need, so it loads after the port
 * opens and a page request that comes first waits for it. A missing build still fails the start.
 */
async function lazyServerBuild(buildDir = path.resolve("build")): Promise<() => Promise<ServerBuild>> {
  await access(serverBuildEntry(buildDir)).catch((error: unknown) => {
    throw new Error(`Cannot load the web build at ${serverBuildEntry(buildDir)}: run \`npm run build\` first.`, { cause: error });
  });
  return serverBuildLoader(() => loadServerBuild(buildDir));
}

/** The static-page enhancer's fingerprinted URL, written by scripts/build-enhancer.ts. */
async function loadEnhancerUrl(buildDir = path.resolve("build")): Promise<string> {
  const manifest: unknown = JSON.parse(await readFile(path.join(buildDir, "enhancer.json"), "utf8"));
  const file = typeof manifest === "object" && manifest && "file" in manifest ? manifest.file : null;
  if (typeof file !== "string") throw new Error("build/enhancer.json has no file: run `npm run build`.");
  return file;
}

/** Starts the web role: database + migrations, queue, then HTTP. */
export async function startWeb(
  env: Env,
  logger: Logger,
  /**
   * `database`: one already open (or opening: main.ts opens it while this module loads).
   * `environment`: the raw variables `env` was parsed from (process.env when absent): they lock engine settings.
   */
  options: { database?: DatabaseHandle | Promise<DatabaseHandle>; environment?: Record<string, string | undefined> } = {},
): Promise<RunningWeb> {
  const database = await (options.database ??
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
    }));
  // The secret's file and the storage need no database: read while the migrations run (decision 030).
  const [storage, secret] = await Promise.all([createStorage(env), resolveAuthSecret(env), database.migrate()]);
  logger.info({ database: database.kind }, "database ready, migrations applied");
  const queue = await startQueue(database, (error) => logger.error({ err: error }, "queue error"), {
    monitorSeconds: env.QUEUE_MONITOR_SECONDS,
  });
  // Issue 19: the engines follow the admins' stored choices (the environment wins) without a restart.
  const engineConfig = createProcessEngineConfig(env, { db: database.db, logger, authSecret: secret, environment: options.environment });
  const languageModel = createLanguageModelLoader(engineConfig, logger);
  const speechEngine = createSpeechEngineLoader(engineConfig, logger);
  const embeddingModel = createEmbeddingModelLoader(engineConfig, logger);
  const speakerDiarizer = createSpeakerDiarizerLoader(engineConfig, logger);
  // Bots call back to this process in the embedded default; its address is known once it listens.
  let ownUrl: string | null = null;
  // Before the jobs: the notes job mails calendar recaps through it.
  const mail = await startMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const calendar = createCalendarDeps(env, { db: database.db, boss: queue.boss, logger, authSecret: secret });
  const jobs = createJobDefinitions(env, {
    db: database.db,
    storage,
    logger,
    boss: queue.boss,
    languageModel,
    speechEngine,
    speakerDiarizer,
    embeddingModel,
    mailer: mail.mailer,
    publicUrl: () => env.PUBLIC_URL ?? ownUrl,
    calendar,
  });
  const bots = createBotLaunchJob(env, {
    db: database.db,
    storage,
    logger,
    boss: queue.boss,
    authSecret: secret,
    callbackBaseUrl: () => ownUrl,
  });
  // Every queue exists before the port opens, so no request sends a job to a missing queue; the embedded
  // worker starts working them once the port answers (decision 030: its first jobs ran before it did).
  await ensureQueues(queue.boss, [...jobs, bots.definition]);
  const noteEvents = await startNoteEventHub(database, logger);
  // Issue 21: one lock per upload across every web process (a PostgreSQL advisory lock; PGlite: in memory).
  const uploadLocker = createUploadLocker(database, { logger });
  const [build, catalogs, enhancerUrl] = await Promise.all([lazyServerBuild(), loadCatalogs(), loadEnhancerUrl()]);
  const botSettings = botSettingsFromEnv(env);
  const billing = billingSettingsFromEnv(env);
  const sessionRecording = sessionRecordingFromEnv(env);
  const isSecureCookies = env.PUBLIC_URL?.startsWith("https://") ?? false;
  const auth = createAuth({
    db: database.db,
    secret,
    baseURL: env.PUBLIC_URL,
    isSecureCookies,
    adminEmails: env.ADMIN_EMAILS,
    social: env,
    mail: createAccountMail({ db: database.db, mailer: mail.mailer, publicUrl: env.PUBLIC_URL }),
    rateLimitScale: env.AUTH_RATE_LIMIT_SCALE,
    signInLimit: accountSignInLimit(database.db),
    clientIpHeader,
    log: (level, message) => logger[level]({ component: "better-auth" }, message),
    onUserCreated: ({ id }, headers) => ensureUserData(database.db, { userId: id, language: headers ? requestLocale(headers) : null }),
  });
  const promoted = await grantAdmin(database.db, { emails: env.ADMIN_EMAILS });
  if (promoted > 0) logger.info({ count: promoted }, "ADMIN_EMAILS: existing users are admins");
  // Issue 20: the embedded analytics gateway; its key is derived from the auth secret unless configured.
  const analytics = analyticsSettingsFromEnv(env, secret);
  if (!analytics.key)
    logger.warn("analytics: ANALYTICS_API_KEY, ANALYTICS_APP_ID and ANALYTICS_PASSPHRASE are not all set; the browser client stays off");
  const providers = enabledSignInProviders(env);
  const oneTapClientId = providers.includes("google") ? (env.GOOGLE_CLIENT_ID ?? null) : null;
  const engines = async () =>
    describeEngines({
      env: await engineConfig.env(),
      settings: await engineConfig.settings(),
      locked: engineConfig.locked,
      speechEngine,
      languageModel,
      downloads: () => listModelDownloads(database.db),
    });
  // Issue 19: the recommended models' downloads, in this process (MODEL_AUTO_DOWNLOAD starts them in main.ts).
  const modelDownloads = createModelDownloads({ db: database.db, logger, env, currentEnv: () => engineConfig.env() });
  const app = createApp({
    logger,
    build,
    clientDir: path.resolve("build", "client"),
    catalogs,
    enhancerUrl,
    publicUrl: env.PUBLIC_URL,
    health: { databaseKind: database.kind, pingDatabase: database.ping, isQueueReady: queue.isReady, storage },
    findRedirect: (fromPath) => findRedirect(database.db, fromPath),
    listRedirects: () => listRedirects(database.db),
    db: database.db,
    auth,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    resolveSession: createSessionResolver(auth, database.db),
    secret,
    isSecureCookies,
    signIn: { providers, oneTapClientId, gsiClientUrl: oneTapClientId ? env.GOOGLE_GSI_CLIENT_URL : null },
    mediaOrigins: storageMediaOrigins(parseStorageUrl(env.STORAGE_URL)),
    thirdPartyOrigins: [
      ...(oneTapClientId ? [new URL(env.GOOGLE_GSI_CLIENT_URL).origin] : []),
      ...paddleBrowserOrigins(billing),
      ...smartlookBrowserOrigins(sessionRecording),
    ],
    languageModel,
    embeddingModel,
    engines,
    engineSettings: { db: database.db, config: engineConfig, engines },
    modelDownloads,
    media: {
      boss: queue.boss,
      storage,
      events: noteEvents,
      uploadDir: path.resolve(env.DATA_DIR, "uploads"),
      uploadStore: await createUploadStore(env, { expirationMs: uploadExpirationMs }),
      uploadLocker,
      limits: { maxBytes: env.UPLOAD_MAX_BYTES, documentMaxBytes: env.DOCUMENT_MAX_BYTES },
      transcriptionLanguages: async () => offeredLanguages(await speechEngine()),
      spokenLanguages: async () => spokenLanguagesOf(await speechEngine()),
    },
    meetings: { tokenSecret: botTokenSecret(botSettings, secret) },
    calendar,
    zoom: createZoomDeps(env, { db: database.db, logger, authSecret: secret }),
    billing,
    sessionRecording,
    support: { mailer: mail.mailer, email: env.SUPPORT_EMAIL },
    extraRoutes: mail.catcher ? [devMailRoutes(mail.catcher)] : [],
    extraPages: mail.catcher ? [devMailboxPage(mail.catcher)] : [],
    analytics: {
      gateway: createAnalyticsGateway({ db: database.db, logger: logger.child({ component: "analytics" }), key: analytics.key }),
      browser: analytics.browser,
      connectOrigins: analyticsConnectOrigins(analytics.browser),
    },
  });
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(instance));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  // Bots on this machine reach it on loopback whatever HOST is.
  ownUrl = `http://127.0.0.1:${port}`;
  logger.info({ url }, "web role listening");
  // Now that the port answers: the pages' build loads in the background (the first page request awaits it).
  void build().catch((error: unknown) => logger.error({ err: error }, "the web build failed to load"));
  try {
    if (env.EMBEDDED_WORKER) await registerJobHandlers(queue.boss, logger, bots.isWorkedHere ? [...jobs, bots.definition] : jobs);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  // The extractive notes' English model takes ~0.2 s of this thread to build (1.1-1.5 s on a busy machine,
  // bench:load): built now, in the background, instead of in the middle of traffic at the first note.
  if (env.EMBEDDED_WORKER) {
    void import("../core/ai-notes/extractive-text")
      .then(({ splitSentences }) => splitSentences([{ start: 0, text: "Parley is ready." }], "en"))
      .catch((error: unknown) => logger.warn({ err: error }, "the notes' language model did not load ahead"));
  }
  return {
    url,
    database,
    queue,
    mailCatcher: mail.catcher,
    modelDownloads,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await modelDownloads.stop();
      await mail.mailer.close();
      await mail.catcher?.close();
      await noteEvents.stop();
      await uploadLocker.close();
      await queue.stop();
      await database.close();
    },
  };
}
