import { openDatabase } from "../src/infra/db/client";
import { createLogger } from "../src/infra/logging/logger";
import { parseEnv } from "../src/runtime/env";
import { startWeb } from "../src/server/start-web";
import { signedInCookie } from "./support/signed-in-cookie";

// `npm run bench:auth`: what a signed-in session adds to each request (decision 005, point 3): the
// session lookup + user data read on an API call and on a page, against anonymous requests. PGlite in memory.
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const web = await startWeb(
  parseEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    // No first-use language-model download from Hugging Face in a benchmark.
    LLM_DOWNLOAD: "false",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    AUTH_RATE_LIMIT_SCALE: "1000",
  }),
  createLogger("silent"),
  { database: await openDatabase({ dataDir: "memory://" }) },
);
const cookie = await signedInCookie(web);

async function time(label: string, path: string, headers: Record<string, string>): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${web.url}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
  process.stdout.write(`${label.padEnd(48)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (${requests} requests)\n`);
}

await time("GET /api/health (anonymous)", "/api/health", {});
await time("GET /api/user (session cookie)", "/api/user", { Cookie: cookie });
await time("GET /faq (anonymous page)", "/faq", {});
await time("GET /faq (signed-in page, session resolved)", "/faq", { Cookie: cookie });
await time("GET /api/auth/get-session (better-auth alone)", "/api/auth/get-session", { Cookie: cookie });
await web.stop();
