import { gzipSync } from "node:zlib";
import { openDatabase } from "../src/infra/db/client";
import { createLogger } from "../src/infra/logging/logger";
import { parseEnv } from "../src/runtime/env";
import { loadServerBuild, startWeb } from "../src/server/start-web";
import { startUpTime } from "./support/start-up-time";

// `npm run bench:pages`: JS shipped (gzip) and HTML time-to-first-byte for the landing page and a
// dashboard route, against the production build. Goals (issue 2): landing <= 80 KB gzip JS, TTFB p50 <= 30 ms.
// Issue 22: the dashboard's JS per file (goal: entry + home < 150 KB gzip) and `npm run serve`'s time to its
// first answer with an existing data directory (goal <= 1.5 s), the build beside the sources through tsx.
const requests = Number(process.env.BENCH_REQUESTS ?? 200);

const web = await startWeb(parseEnv({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }), createLogger("silent"), {
  database: await openDatabase({ dataDir: "memory://" }),
});
const build = await loadServerBuild();

/** Each file's gzip size in KB. */
async function gzipKbEach(paths: Iterable<string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const path of new Set(paths)) {
    const body = Buffer.from(await (await fetch(`${web.url}${path}`)).arrayBuffer());
    sizes.set(path, gzipSync(body, { level: 9 }).length / 1024);
  }
  return sizes;
}

async function gzipKb(paths: Iterable<string>): Promise<number> {
  return [...(await gzipKbEach(paths)).values()].reduce((sum, kb) => sum + kb, 0);
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
const dashboardFiles = await gzipKbEach(scriptsOfRoute("en:Home"));
const dashboardJs = [...dashboardFiles.values()].reduce((sum, kb) => sum + kb, 0);
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
  `dashboard /home  JS ${fmt(dashboardJs)} KB gzip (goal < 150)  TTFB p50 ${fmt(dashboard.p50)} ms  p95 ${fmt(dashboard.p95)} ms  [HTTP ${dashboard.status}${dashboard.status === 302 ? ": anonymous visitors are sent to Login" : ""}]\n`,
);
for (const [file, kb] of [...dashboardFiles].sort((a, b) => b[1] - a[1])) {
  process.stdout.write(`  ${fmt(kb).padStart(6)} KB  ${file}\n`);
}
await web.stop();

const built = await startUpTime(["build/server/main.js"]);
const fromSource = await startUpTime(["--import", "tsx", "src/server/main.ts"]);
const ms = (run: { all: number[] }) => run.all.map((t) => t.toFixed(0)).join(", ");
// CPU: what the start costs whatever else the machine runs (wall time grows with the load; decision 030).
const cpu = (run: { cpuMedian: number | null; cpuAll: number[] }) =>
  run.cpuMedian === null ? "" : `, CPU ${(run.cpuMedian / 1000).toFixed(2)} s (runs ${run.cpuAll.join(", ")} ms)`;
process.stdout.write(
  `start-up  npm run serve (build) ${(built.median / 1000).toFixed(2)} s to the first answer (goal <= 1.5; runs ${ms(built)} ms${cpu(built)})  from source through tsx ${(fromSource.median / 1000).toFixed(2)} s (runs ${ms(fromSource)} ms${cpu(fromSource)})\n`,
);
