import { type ServerType, serve } from "@hono/node-server";
import { analyticsSettingsFromEnv } from "../core/analytics/settings";
import { resolveAuthSecret } from "../infra/auth/auth-secret";
import { openDatabase } from "../infra/db/client";
import { createLogger } from "../infra/logging/logger";
import { EnvError, parseEnv } from "../runtime/env";
import { createAnalyticsGateway } from "./app";

// The analytics role (`npm run analytics`): the gateway of spec section 7 on its own host and port
// (ANALYTICS_PORT), any number of processes against one PostgreSQL. The web process mounts the same app at
// /analytics for the embedded default.
async function main() {
  const env = parseEnv(process.env);
  if (!env.DATABASE_URL) {
    throw new EnvError(
      "The analytics role needs DATABASE_URL (PostgreSQL): embedded PGlite belongs to one process, and `npm start` already serves the gateway at /analytics.",
    );
  }
  const logger = createLogger(env.LOG_LEVEL).child({ role: "analytics" });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
  });
  let server: ServerType | null = null;
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "analytics shutting down");
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  await database.migrate();
  const settings = analyticsSettingsFromEnv(env, await resolveAuthSecret(env));
  if (!settings.key)
    logger.warn("ANALYTICS_API_KEY, ANALYTICS_APP_ID and ANALYTICS_PASSPHRASE are not all set: every signed call is refused");
  const app = createAnalyticsGateway({ db: database.db, logger, key: settings.key });
  server = serve({ fetch: app.fetch, port: env.ANALYTICS_PORT, hostname: env.HOST }, (info) =>
    logger.info({ port: info.port, derivedKey: settings.isDerived }, "analytics gateway listening"),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
