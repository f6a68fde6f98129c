import { openDatabase } from "../infra/db/client";
import { createLogger } from "../infra/logging/logger";
import { EnvError, parseEnv } from "../runtime/env";
import type { RunningWeb } from "./start-web";

// The web role (`npm start`): see docs/ARCHITECTURE.md.
async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let starting: Promise<RunningWeb> | null = null;
  let isStopping = false;
  // Handlers first: without them a SIGTERM during start-up would kill the process mid-migration.
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "shutting down");
    // Finish in-flight requests and jobs, then close the database; force exit if that hangs.
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    // A signal during start-up waits for it to finish, so the database is never closed mid-migration.
    await (await starting)?.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Start-up (issue 22, decision 030): the database opens (PGlite reads and compiles its WebAssembly, off
  // this thread in part) while the rest of the web role's modules load; startWeb migrates it before listening.
  const opening = openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
  });
  // Handled where startWeb awaits it; this only keeps an early failure from counting as unhandled meanwhile.
  opening.catch(() => undefined);
  starting = import("./start-web").then(({ startWeb }) => startWeb(env, logger, { database: opening }));
  const web = await starting;
  // Issue 19: the first start fetches the recommended models in the background, never delaying the start;
  // progress shows on /admin/engines. MODEL_AUTO_DOWNLOAD=false leaves it to an admin's click.
  if (env.MODEL_AUTO_DOWNLOAD) {
    void web.modelDownloads.startMissing().catch((error: unknown) => logger.warn({ err: error }, "model downloads not started"));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? `${error.message}\n${error.cause ?? ""}` : String(error)}\n`);
  process.exit(1);
});
