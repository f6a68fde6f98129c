import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./hono-env";

/** Built client files: fingerprinted /assets/* cached for a year, the rest (favicon) for an hour. */
export function mountStaticAssets(app: Hono<AppEnv>, clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("/assets/*", async (c) => c.notFound());
  app.use(
    "*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
}
