import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { pino } from "pino";
import { createAnalyticsGateway } from "../src/analytics/app";
import { signRequest } from "../src/analytics/signature";
import { countAnalyticsEvents } from "../src/core/analytics/data";
import type { AnalyticsEvent } from "../src/shared/analytics/analytics-event";
import { openTestDatabase } from "../test/support/test-databases";
import { runAdminSearchBench } from "./analytics-admin-search";

// `npm run bench:analytics` (issue 20's measure): events per second the analytics gateway ingests over
// HTTP with signature checks (HMAC, timestamp window, replay guard) on PostgreSQL, in a throwaway database
// on TEST_DATABASE_URL. Senders post signed batches of 10 (the client's batch size) for BENCH_SECONDS
// (10) with BENCH_CONCURRENCY (32) requests in flight; signing happens in this process too, so the figure
// is a floor for a gateway on its own machine. The stored count is checked against what was accepted.

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const batchSize = Number(process.env.BENCH_BATCH ?? 10);
const key = { apiKey: "pk_bench_key_0001", appId: "parley-web", passphrase: "the analytics bench passphrase" };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function batch(sender: number, sequence: number): AnalyticsEvent[] {
  return Array.from({ length: batchSize }, (_, i) => ({
    user_id: `web_bench${sender}`,
    type: "event",
    app_id: key.appId,
    version: "1.0.0",
    result: 1,
    session_id: "c0".repeat(32),
    event_group: "web",
    event_name: i === 0 ? "page_view" : "product_clicked",
    event_time: Date.now(),
    duration: 0,
    event_category: "navigation",
    page: `/notes/${sequence}`,
    properties: [
      { key: "path", value: `/notes/${sequence}` },
      { key: "source", value: "bench" },
    ],
  }));
}

async function runIngestBench(): Promise<void> {
  const { handle } = await openTestDatabase("postgres");
  let server: ServerType | null = null;
  try {
    await handle.migrate();
    const gateway = createAnalyticsGateway({ db: handle.db, logger: pino({ level: "silent" }), key });
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: gateway.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/log/web`;
    const latencies: number[] = [];
    let accepted = 0;
    let refused = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, sender) => {
        for (let sequence = 0; performance.now() < deadline; sequence++) {
          const rawBody = JSON.stringify({ event_logs: batch(sender, sequence), sdk_version: "0.0.10" });
          const ts = String(Date.now());
          const sent = performance.now();
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "x-api-key": key.apiKey,
              ts,
              rs: signRequest(key.passphrase, ts, "/log/web", rawBody),
            },
            body: rawBody,
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status === 200) accepted++;
          else refused++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const stored = await countAnalyticsEvents(handle.db);
    latencies.sort((a, b) => a - b);
    const line = (text: string) => process.stdout.write(`${text}\n`);
    line(`analytics gateway ingest (PostgreSQL, signed batches of ${batchSize}, ${concurrency} in flight, ${elapsed.toFixed(1)} s):`);
    line(`  requests/s: ${(accepted / elapsed).toFixed(0)}   events/s: ${((accepted * batchSize) / elapsed).toFixed(0)}`);
    line(`  latency ms: p50 ${percentile(latencies, 50).toFixed(1)}   p99 ${percentile(latencies, 99).toFixed(1)}`);
    line(`  accepted ${accepted}, refused ${refused}, stored events ${stored} (expected ${accepted * batchSize})`);
    if (stored !== accepted * batchSize) throw new Error("stored events differ from accepted batches");
  } finally {
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    await handle.close();
  }
}

await runIngestBench();

// ---- Admin users search p99 over 100,000 users (issue 20's other measure) ----
await runAdminSearchBench();
