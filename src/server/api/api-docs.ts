import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";

// Swagger UI served from the npm package itself: nothing loads from a CDN.
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

export function apiDocsRoutes() {
  const app = new Hono();
  app.get("/docs", (c) => c.html(page));
  app.get("/docs/assets/init.js", (c) => c.body(init, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.get("/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    const type = assets[file];
    if (!type) return c.notFound();
    const body = await readFile(path.join(swaggerDir, file));
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
