import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { setJobNiceness } from "../src/infra/priority/child-priority";
import { priorityEnvShape } from "../src/infra/priority/priority-env";
import { bytesOf, clipPath } from "../test/support/media-fixtures";
import { clusterEnv } from "../test/support/parley-processes";
import { freePort, killRoles, spawnRole } from "../test/support/spawn-role";
import { openTestDatabase } from "../test/support/test-databases";
import { TestClient } from "../test/support/test-web";
import { createUpload, patchUpload, uploadPath } from "../test/support/tus";
import { startWhisperServer } from "../test/support/whisper-server";

// `npm run bench:load` (issue 21 "Measure"): one machine under a crowd. One web process with its embedded
// worker (the single-host deployment: PostgreSQL on a throwaway database of TEST_DATABASE_URL, media on
// disk, real Whisper tiny.en), BENCH_USERS signed-in users (200) browsing — the notes list, a note, a
// search, their usage — and BENCH_UPLOADERS (20) uploading WAV clips (tus create + PATCH), for
// BENCH_SECONDS (30). Each user waits BENCH_THINK_MS (1000, ±50%) between requests, as a person reading a
// page does; uploaders wait BENCH_UPLOAD_THINK_MS (3000). Prints p50/p99 and errors per request kind
// (goal: p99 < 200 ms, 0 errors), and the web process's event-loop delay over the measured part. The load
// generator runs on the same cores: the figures include it.
//
// The speech engine is real Whisper tiny.en (faster-whisper, 2 threads) behind the OpenAI-compatible
// server the tests use, started at the niceness Parley gives its own engine child (JOB_NICENESS, default
// 10: see docs/deploy.md), as a single-host operator runs a local speech server. Not the default local
// path (whisper.cpp in a child): no real ggml weights can be fetched on this machine, and the tiny
// generated model of the tests does no real work. ffmpeg, which Parley starts itself for every upload,
// runs at JOB_NICENESS through the product's own code. JOB_NICENESS=0 gives the former set-up (everything
// at one priority) for comparison. The web runs from the build, as `npm start` runs it (`npm run build`
// first); BENCH_WEB=sources runs src/ through tsx instead (slower first loads of lazily imported code).
const userCount = Number(process.env.BENCH_USERS ?? 200);
const uploaderCount = Number(process.env.BENCH_UPLOADERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const uploadThinkMs = Number(process.env.BENCH_UPLOAD_THINK_MS ?? 3000);
const notesPerUser = Number(process.env.BENCH_NOTES_PER_USER ?? 50);
const webEntry = process.env.BENCH_WEB === "sources" ? "src/server/main.ts" : "build/server/main.js";
if (!existsSync(webEntry)) throw new Error(`${webEntry} is missing: run \`npm run build\` first (or BENCH_WEB=sources)`);
const jobNiceness = priorityEnvShape.JOB_NICENESS.parse(process.env.JOB_NICENESS);
setJobNiceness(jobNiceness);
const password = "load bench password";
const print = (line: string) => process.stdout.write(`${line}\n`);
print(
  `cores: ${availableParallelism()}; ${userCount} users browsing (${notesPerUser} notes each), ${uploaderCount} uploading, ` +
    `${seconds} s, think ${thinkMs} ms (uploads ${uploadThinkMs} ms); JOB_NICENESS ${jobNiceness}; web from ${webEntry}`,
);

const database = await openTestDatabase("postgres");
if (database.handle.kind !== "postgres") throw new Error("bench:load runs on PostgreSQL");
const { pool } = database.handle;
const whisper = await startWhisperServer("tiny.en", { lowerPriority: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-load-"));
const port = await freePort();
// The web process reports its event-loop delay (bench/support/loop-delay-probe.mjs); BENCH_CPU_PROFILE=<file>
// also writes a V8 CPU profile of its measured 30 s there (open it in Chrome's DevTools, Performance tab).
const cpuProfile = process.env.BENCH_CPU_PROFILE ? path.resolve(process.env.BENCH_CPU_PROFILE) : "";
const web = spawnRole(webEntry, {
  ...clusterEnv(database.url ?? "", dataDir, {
    SPEECH_ENGINE: "openai",
    OPENAI_AUDIO_BASE_URL: whisper.url,
    OPENAI_AUDIO_MODEL: "tiny.en",
    EMBEDDED_WORKER: "true",
    LOG_LEVEL: "warn",
    JOB_NICENESS: String(jobNiceness),
  }),
  PORT: String(port),
  NODE_OPTIONS: `--import=${path.resolve("bench/support/loop-delay-probe.mjs")}`,
  LOOP_PROBE_CPU_PROFILE: cpuProfile,
});

/** The web process's event-loop delay since the previous call (the first call only starts the count). */
let loopDelayReads = 0;
async function readLoopDelay(): Promise<{ p50: number; p99: number; max: number; utilisation: number }> {
  loopDelayReads += 1;
  const mark = `loop-delay#${loopDelayReads} `;
  web.child.kill("SIGUSR2");
  await web.logged(mark);
  const line =
    web
      .output()
      .slice(web.output().indexOf(mark) + mark.length)
      .split("\n")[0] ?? "{}";
  return JSON.parse(line);
}
const url = `http://127.0.0.1:${port}`;

/** CPU seconds a process has used (Linux /proc: user + system, its own and its waited-for children's). */
function cpuSeconds(pid: number): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // After the command: state is field 3, so utime (14), stime (15), cutime (16), cstime (17) sit at 11-14.
  const ticks = 100;
  return { own: ((fields[11] ?? 0) + (fields[12] ?? 0)) / ticks, children: ((fields[13] ?? 0) + (fields[14] ?? 0)) / ticks };
}

/** Runs `work` over `items`, `width` at a time (sign-ups hash passwords: all at once would only queue). */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

interface Kind {
  latencies: number[];
  errors: number;
  firstError: string | null;
}
const kinds = new Map<string, Kind>();
function record(kind: string, started: number, error: string | null) {
  const entry = kinds.get(kind) ?? { latencies: [], errors: 0, firstError: null };
  kinds.set(kind, entry);
  entry.latencies.push(performance.now() - started);
  if (error) {
    entry.errors += 1;
    entry.firstError ??= error;
  }
}

/** One timed request; a non-2xx answer or a dropped connection counts as an error. */
async function timed(kind: string, send: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await send();
    await response.arrayBuffer();
    record(kind, started, response.ok ? null : `${response.status}`);
    return response;
  } catch (error) {
    record(kind, started, String(error));
    return null;
  }
}

const think = (ms: number) => delay(ms * (0.5 + Math.random()));

try {
  for (;;) {
    if (web.child.exitCode !== null) throw new Error(`the web process exited:\n${web.output()}`);
    if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) break;
    await delay(250);
  }
  const emails = Array.from({ length: userCount + uploaderCount }, (_, index) => `load-${index}@example.com`);
  await inBatches(emails, 4, (email) => new TestClient(url).signUp(email, password));
  await database.handle.db.execute(sql`update "user" set email_verified = true where email like 'load-%@example.com'`);
  const clients = await inBatches(emails, 4, async (email) => {
    const client = new TestClient(url);
    const answer = await client.signIn(email, password);
    if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${await answer.text()}`);
    return client;
  });
  await database.handle.db.execute(sql`
    insert into notes (user_id, type, title, source, transcription_code, created_at)
    select u.id, 'text', 'Weekly sync ' || i, '{"kind":"text"}'::jsonb, 'transcription_ready', now() - i * interval '1 minute'
    from "user" u, generate_series(1, ${notesPerUser}) i where u.email like 'load-%@example.com'`);
  await database.handle.db.execute(sql.raw("vacuum analyze notes"));
  const firstNotes = await pool.query<{ email: string; id: string }>(
    `select distinct on (u.email) u.email, n.id from notes n join "user" u on u.id = n.user_id order by u.email, n.created_at desc`,
  );
  const noteOf = new Map(firstNotes.rows.map((row) => [row.email, row.id]));
  print(`${emails.length} users signed in, ${userCount * notesPerUser} notes seeded`);

  const clip = bytesOf(clipPath("c2"));
  const end = performance.now() + seconds * 1000;
  const browse = async (client: TestClient, email: string) => {
    const noteId = noteOf.get(email) ?? "";
    const pages: [string, string][] = [
      ["notes list", "/notes?limit=20"],
      ["a note", `/notes/${noteId}`],
      ["search", "/notes?limit=20&q=sync%2012"],
      ["usage", "/user/usage"],
    ];
    // Users start spread over one think time, not all in the same millisecond.
    await think(thinkMs);
    for (let step = Math.floor(Math.random() * pages.length); performance.now() < end; step++) {
      const [kind, page] = pages[step % pages.length] as [string, string];
      await timed(kind, () => client.api("GET", page));
      await think(thinkMs);
    }
  };
  const upload = async (client: TestClient, index: number) => {
    await client.csrf();
    await think(uploadThinkMs);
    while (performance.now() < end) {
      const created = await timed("tus create", () =>
        createUpload(client, { size: clip.length, metadata: { kind: "file", filename: `load-${index}.wav` } }),
      );
      if (created?.status === 201)
        await timed("tus PATCH (92 KB)", () => patchUpload(client, uploadPath(created), { offset: 0, bytes: clip }));
      await think(uploadThinkMs);
    }
  };
  await readLoopDelay();
  const webCpuBefore = cpuSeconds(web.child.pid ?? 0);
  const whisperCpuBefore = cpuSeconds(whisper.pid);
  const started = performance.now();
  await Promise.all([
    ...clients.slice(0, userCount).map((client, index) => browse(client, emails[index] ?? "")),
    ...clients.slice(userCount).map((client, index) => upload(client, index)),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const loopDelay = await readLoopDelay();
  const webCpu = cpuSeconds(web.child.pid ?? 0);
  const whisperCpu = cpuSeconds(whisper.pid);

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  print(`\nrequest kind        requests   req/s    p50 ms   p99 ms   errors`);
  let worstP99 = 0;
  let errors = 0;
  for (const [kind, entry] of kinds) {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    worstP99 = Math.max(worstP99, percentile(sorted, 0.99));
    errors += entry.errors;
    print(
      `${kind.padEnd(19)} ${String(sorted.length).padStart(8)} ${(sorted.length / elapsed).toFixed(1).padStart(7)} ` +
        `${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)} ${String(entry.errors).padStart(8)}` +
        (entry.firstError ? `  (first: ${entry.firstError.slice(0, 80)})` : ""),
    );
  }
  print(
    `\nweb event loop: delay p50 ${loopDelay.p50} ms, p99 ${loopDelay.p99} ms, max ${loopDelay.max} ms; busy ${Math.round(loopDelay.utilisation * 100)}% of the time`,
  );
  const requestCount = [...kinds.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
  print(
    `CPU over the measured part: web ${(webCpu.own - webCpuBefore.own).toFixed(1)} s ` +
      `(${(((webCpu.own - webCpuBefore.own) * 1000) / requestCount).toFixed(2)} ms a request, jobs included), ` +
      `its ffmpeg children ${(webCpu.children - webCpuBefore.children).toFixed(1)} s, ` +
      `speech server ${(whisperCpu.own - whisperCpuBefore.own).toFixed(1)} s; ${elapsed.toFixed(1)} s on ${availableParallelism()} cores`,
  );
  if (cpuProfile) print(`web CPU profile of the measured part: ${cpuProfile}`);
  print(`worst p99 ${worstP99.toFixed(1)} ms (goal < 200), ${errors} errors (goal 0)`);
  const queued = await pool.query<{ waiting: number }>(
    "select count(*)::int as waiting from notes where transcription_code = 'transcription_in_progress'",
  );
  print(`transcriptions still queued or running at the end: ${queued.rows[0]?.waiting ?? 0}`);
} finally {
  killRoles();
  await web.exited;
  await whisper.stop();
  await database.handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
