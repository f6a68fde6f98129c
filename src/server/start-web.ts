import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerType, serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { findRedirect, listRedirects } from "../core/site-redirects/data";
import { type DatabaseHandle, openDatabase } from "../infra/db/client";
import { type QueueHandle, startQueue } from "../infra/queue/boss";
import { registerJobHandlers } from "../worker/job-registry";
import { createApp } from "./app";
import type { Env } from "./env";
import { loadCatalogs } from "./i18n-catalogs";
import type { Logger } from "./logger";

export interface RunningWeb {
  url: string;
  database: DatabaseHandle;
  queue: QueueHandle;
  stop(): Promise<void>;
}

export async function loadServerBuild(buildDir = path.resolve("build")): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server", "index.js");
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`Cannot load the web build at ${entry}: run \`npm run build\` first.`, { cause: error });
  }
}

/** The static-page enhancer's fingerprinted URL, written by scripts/build-enhancer.ts. */
async function loadEnhancerUrl(buildDir = path.resolve("build")): Promise<string> {
  const manifest: unknown = JSON.parse(await readFile(path.join(buildDir, "enhancer.json"), "utf8"));
  const file = typeof manifest === "object" && manifest && "file" in manifest ? manifest.file : null;
  if (typeof file !== "string") throw new Error("build/enhancer.json has no file: run `npm run build`.");
  return file;
}

/** Starts the web role: database + migrations, queue, then HTTP. */
export async function startWeb(env: Env, logger: Logger, options: { database?: DatabaseHandle } = {}): Promise<RunningWeb> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
    }));
  await database.migrate();
  logger.info({ database: database.kind }, "database ready, migrations applied");
  const queue = await startQueue(database, (error) => logger.error({ err: error }, "queue error"));
  if (env.EMBEDDED_WORKER) await registerJobHandlers(queue.boss, logger);
  const [build, catalogs, enhancerUrl] = await Promise.all([loadServerBuild(), loadCatalogs(), loadEnhancerUrl()]);
  const app = createApp({
    logger,
    build,
    clientDir: path.resolve("build", "client"),
    catalogs,
    enhancerUrl,
    publicUrl: env.PUBLIC_URL,
    health: { databaseKind: database.kind, pingDatabase: database.ping, isQueueReady: queue.isReady },
    findRedirect: (fromPath) => findRedirect(database.db, fromPath),
    listRedirects: () => listRedirects(database.db),
  });
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(instance));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info({ url }, "web role listening");
  return {
    url,
    database,
    queue,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.stop();
      await database.close();
    },
  };
}
