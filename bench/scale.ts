import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { bytesOf, clipPath } from "../test/support/media-fixtures";
import { clusterEnv } from "../test/support/parley-processes";
import { startRoundRobinProxy } from "../test/support/round-robin-proxy";
import { freePort, killRoles, spawnRole } from "../test/support/spawn-role";
import { openTestDatabase } from "../test/support/test-databases";
import { TestClient } from "../test/support/test-web";
import { uploadFile } from "../test/support/tus";
import { startWhisperServer } from "../test/support/whisper-server";

// `npm run bench:scale` (issue 21): what more processes give on one PostgreSQL. 4 web processes (`npm run
// serve`, no embedded worker) start on a fresh database seeded with BENCH_NOTES notes for one user; the
// notes list and tus uploads are then driven through the round-robin proxy of the multi-process test over
// the first 1, 2 and 4 of them (req/s, p99, ratio to one process). Then transcription jobs per minute
// with 1 and 2 `npm run worker` processes on real Whisper tiny.en (one engine server they share).
// Needs TEST_DATABASE_URL. On a machine with N cores, more than N busy processes cannot add throughput:
// the figures say what this machine gives, the cores are printed with them.
const noteCount = Number(process.env.BENCH_NOTES ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const uploadCount = Number(process.env.BENCH_UPLOADS ?? 60);
const jobCount = Number(process.env.BENCH_JOBS ?? 12);
const webCounts = [1, 2, 4] as const;

const print = (line: string) => process.stdout.write(`${line}\n`);
print(`cores: ${availableParallelism()}; ${noteCount} notes; ${seconds} s per run, ${connections} connections`);

const database = await openTestDatabase("postgres");
if (database.handle.kind !== "postgres") throw new Error("bench:scale runs on PostgreSQL");
const { pool } = database.handle;
const whisper = await startWhisperServer();
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-scale-"));
const env = clusterEnv(database.url ?? "", dataDir, {
  SPEECH_ENGINE: "openai",
  OPENAI_AUDIO_BASE_URL: whisper.url,
  OPENAI_AUDIO_MODEL: "tiny.en",
});

/**
 * A web process on a port of its own, logging warnings only (a line per request would be measured too);
 * ready when its health check answers (a benchmark may poll).
 */
async function startQuietWeb(): Promise<string> {
  const port = await freePort();
  const role = spawnRole("src/server/main.ts", { ...env, PORT: String(port), LOG_LEVEL: "warn" });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (role.child.exitCode !== null) throw new Error(`a web process exited:\n${role.output()}`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startWorker() {
  const role = spawnRole("src/worker/main.ts", env);
  await role.logged("worker ready");
  return role;
}

try {
  // Together, as in a deploy: one migrates the fresh database while the others wait for it.
  const webUrls = await Promise.all(Array.from({ length: 4 }, () => startQuietWeb()));
  const first = webUrls[0] ?? "";
  const client = new TestClient(first);
  const email = "scale@example.com";
  await client.signUp(email, "scale bench password");
  await database.handle.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
  await client.signIn(email, "scale bench password");
  const me = (await (await client.api("GET", "/user")).json()) as { payload?: { userId?: string }; userId?: string };
  const userId = me.payload?.userId ?? me.userId;
  if (!userId) throw new Error("could not read the bench user's id");
  await database.handle.db.execute(sql`
    insert into notes (user_id, type, title, source, transcription_code, created_at)
    select ${userId}, 'text', 'Weekly sync ' || i, '{"kind":"text"}'::jsonb, 'transcription_ready', now() - i * interval '1 minute'
    from generate_series(1, ${noteCount}) i`);
  await database.handle.db.execute(sql.raw("vacuum analyze notes"));

  print("\nnotes list (GET /api/notes?limit=20), as fast as it goes, through the round-robin proxy");
  const listRate: number[] = [];
  for (const webs of webCounts) {
    const proxy = await startRoundRobinProxy(webUrls.slice(0, webs));
    const result = await autocannon({
      url: proxy.url,
      workers: 1,
      connections,
      duration: seconds,
      headers: { Cookie: client.cookieHeader() },
      requests: [{ method: "GET", path: "/api/notes?limit=20" }],
    });
    await proxy.close();
    listRate.push(result.requests.average);
    const failed = result.non2xx + result.errors + result.timeouts;
    print(
      `  ${webs} web: ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `x${(result.requests.average / (listRate[0] ?? 1)).toFixed(2)}  (${result.requests.total} requests, ${failed} failed)`,
    );
  }

  print(`\nuploads (tus create + one PATCH of a 3 s WAV, ${uploadCount} of them, ${Math.min(10, uploadCount)} at once)`);
  const clip = bytesOf(clipPath("c2"));
  let uploadRate1 = 0;
  for (const webs of webCounts) {
    const proxy = await startRoundRobinProxy(webUrls.slice(0, webs));
    const uploader = new TestClient(proxy.url);
    uploader.setCookie("parley.session_token", client.cookie("parley.session_token") ?? "");
    // One anti-forgery token before the uploads run at once (each would otherwise fetch its own).
    await uploader.csrf();
    const durations: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(10, uploadCount) }, async () => {
        while (next < uploadCount) {
          next += 1;
          const begun = performance.now();
          await uploadFile(uploader, clip, { kind: "file", filename: "bench.wav" });
          durations.push(performance.now() - begun);
        }
      }),
    );
    const rate = uploadCount / ((performance.now() - started) / 1000);
    await proxy.close();
    if (webs === 1) uploadRate1 = rate;
    durations.sort((a, b) => a - b);
    const p99 = durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.99))] ?? 0;
    print(`  ${webs} web: ${rate.toFixed(1).padStart(6)} uploads/s  p99 ${p99.toFixed(0)} ms  x${(rate / uploadRate1).toFixed(2)}`);
  }
  // The uploads queued transcriptions nobody works: they would be the workers' first jobs below.
  await database.handle.db.execute(sql`delete from pgboss.job where name = 'transcription.run'`);

  print(`\ntranscription jobs (${jobCount} uploads of a 3 s WAV queued, then the workers start; Whisper tiny.en)`);
  const perMinute: number[] = [];
  for (const workers of [1, 2]) {
    const noteIds: string[] = [];
    for (let index = 0; index < jobCount; index++) {
      noteIds.push(await uploadFile(client, clip, { kind: "file", filename: `job-${workers}-${index}.wav` }));
    }
    const started = performance.now();
    const roles = await Promise.all(Array.from({ length: workers }, () => startWorker()));
    const ready = performance.now();
    for (;;) {
      const result = await pool.query<{ done: number }>(
        "select count(*)::int as done from notes where id = any($1::uuid[]) and transcription_code <> 'transcription_in_progress'",
        [noteIds],
      );
      if (result.rows[0]?.done === noteIds.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const minutes = (performance.now() - ready) / 60_000;
    perMinute.push(jobCount / minutes);
    print(
      `  ${workers} worker(s): ${(jobCount / minutes).toFixed(1).padStart(6)} jobs/min  ` +
        `(start ${((ready - started) / 1000).toFixed(1)} s, then ${(minutes * 60).toFixed(1)} s)  x${(jobCount / minutes / (perMinute[0] ?? 1)).toFixed(2)}`,
    );
    for (const role of roles) role.child.kill("SIGTERM");
    await Promise.all(roles.map((role) => role.exited));
  }
} finally {
  killRoles();
  rmSync(dataDir, { recursive: true, force: true });
  await whisper.stop();
  await database.handle.close();
}
