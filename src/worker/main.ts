import { resolveAuthSecret } from "../infra/auth/auth-secret";
import { openDatabase } from "../infra/db/client";
import { createLogger } from "../infra/logging/logger";
import { startQueue } from "../infra/queue/boss";
import { ensureQueues, registerJobHandlers } from "../infra/queue/job-registry";
import { EnvError, parseEnv } from "../runtime/env";
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
} from "../runtime/job-deps";

// The worker role (`npm run worker`): pg-boss job handlers only, any number of processes.
async function main() {
  const env = parseEnv(process.env);
  if (!env.DATABASE_URL) {
    throw new EnvError(
      "The worker role needs DATABASE_URL (PostgreSQL): embedded PGlite belongs to one process, and `npm start` already runs jobs in-process.",
    );
  }
  const logger = createLogger(env.LOG_LEVEL).child({ role: "worker" });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
  });
  let stop = async () => database.close();
  // Handlers first: a signal that arrives while starting must still stop cleanly.
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "worker shutting down");
    await stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  await database.migrate();
  const queue = await startQueue(database, (error) => logger.error({ err: error }, "queue error"), {
    monitorSeconds: env.QUEUE_MONITOR_SECONDS,
  });
  stop = async () => {
    await queue.stop();
    await database.close();
  };
  const storage = await createStorage(env);
  const authSecret = await resolveAuthSecret(env);
  // Issue 19: the same stored engine choices as the web's, followed without a restart.
  const engineConfig = createProcessEngineConfig(env, { db: database.db, logger, authSecret });
  const jobs = createJobDefinitions(env, {
    db: database.db,
    storage,
    logger,
    boss: queue.boss,
    languageModel: createLanguageModelLoader(engineConfig, logger),
    speechEngine: createSpeechEngineLoader(engineConfig, logger),
    speakerDiarizer: createSpeakerDiarizerLoader(engineConfig, logger),
    embeddingModel: createEmbeddingModelLoader(engineConfig, logger),
    calendar: createCalendarDeps(env, { db: database.db, boss: queue.boss, logger, authSecret }),
  });
  // Bots started here call back to the web at BOT_CALLBACK_URL (or PUBLIC_URL).
  const bots = createBotLaunchJob(env, {
    db: database.db,
    storage,
    logger,
    boss: queue.boss,
    authSecret,
    callbackBaseUrl: () => env.PUBLIC_URL ?? null,
  });
  const count = await registerJobHandlers(queue.boss, logger, bots.isWorkedHere ? [...jobs, bots.definition] : jobs);
  if (!bots.isWorkedHere) await ensureQueues(queue.boss, [bots.definition]);
  logger.info({ jobKinds: count }, "worker ready");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
