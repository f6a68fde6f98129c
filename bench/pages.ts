import { gzipSync } from "node:zlib";
import { openDatabase } from "../src/infra/db/client";
import { createLogger } from "../src/infra/logging/logger";
import { parseEnv } from "../src/runtime/env";
import { loadServerBuild, startWeb } from "../src/server/start-web";

// `npm run bench:pages`: JS shipped (gzip) and HTML time-to-first-byte for the landing page and a
// dashboard route, against the production build. Goals (issue 2): landing <= 80 KB gzip JS, TTFB p50 <= 30 ms.
const requests = Number(process.env.BENCH_REQUESTS ?? 200);

const web = await startWeb(parseEnv({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }), createLogger("silent"), {
  database: await openDatabase({ dataDir: "memory://" }),
});
const build = await loadServerBuild();

async function gzipKb(paths: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const path of new Set(paths)) {
    const body = Buffer.from(await (await fetch(`${web.url}${path}`)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

/** Scripts a page's HTML makes the browser load: modulepreload links and module imports. */
function scriptsOf(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? "");
  const imports = [...html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)].map((m) => m[1] ?? m[2] ?? "");
  const sources = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1] ?? "");
  return [...preloads, ...imports, ...sources].filter((path) => path.startsWith("/assets/"));
}

/** Scripts a client-rendered route needs, from the build manifest (entry, root, layout, page). */
function scriptsOfRoute(routeId: string): string[] {
  const { assets } = build;
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = assets.routes[id]?.parentId) chain.push(id);
  return [
    assets.entry.module,
    ...assets.entry.imports,
    ...chain.flatMap((id) => [assets.routes[id]?.module ?? "", ...(assets.routes[id]?.imports ?? [])]),
  ].filter(Boolean);
}

async function ttfb(path: string): Promise<{ p50: number; p95: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${web.url}${path}`, { redirect: "manual" });
    times.push(performance.now() - started);
    status = response.status;
    await response.arrayBuffer();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), status };
}

const landingHtml = await (await fetch(`${web.url}/`)).text();
const landingJs = await gzipKb(scriptsOf(landingHtml));
const dashboardJs = await gzipKb(scriptsOfRoute("en:Home"));
await ttfb("/"); // warm-up
const landing = await ttfb("/");
const dashboard = await ttfb("/home");

const fmt = (n: number) => n.toFixed(1);
const fmtKb = (n: number) => n.toFixed(2);
process.stdout.write(`pages benchmark (${requests} sequential requests each, production build)\n`);
process.stdout.write(
  `landing   /      JS ${fmtKb(landingJs)} KB gzip (goal <= 80)  TTFB p50 ${fmt(landing.p50)} ms (goal <= 30)  p95 ${fmt(landing.p95)} ms  [HTTP ${landing.status}]\n`,
);
process.stdout.write(
  `dashboard /home  JS ${fmt(dashboardJs)} KB gzip  TTFB p50 ${fmt(dashboard.p50)} ms  p95 ${fmt(dashboard.p95)} ms  [HTTP ${dashboard.status}${dashboard.status === 302 ? ": anonymous visitors are sent to Login" : ""}]\n`,
);
await web.stop();
