import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import { startEngineGate } from "../test/support/engine-gate";
import { bytesOf, clipPath } from "../test/support/media-fixtures";
import { clusterEnv } from "../test/support/parley-processes";
import { startRoundRobinProxy } from "../test/support/round-robin-proxy";
import { startSeaweedFs } from "../test/support/seaweedfs";
import { freePort, killRoles, type RoleProcess, spawnRole } from "../test/support/spawn-role";
import { openTestDatabase } from "../test/support/test-databases";
import { TestClient } from "../test/support/test-web";
import { startWhisperServer } from "../test/support/whisper-server";
import { resumableUpload, type UploadOutcome } from "./support/resumable-upload";

// `npm run bench:faults` (issue 21 "Measure"): nothing is lost when machines fail. 2 web processes and 2
// workers on one PostgreSQL (a throwaway database on TEST_DATABASE_URL) and one S3 bucket (SeaweedFS),
// behind the round-robin proxy of the multi-process test. BENCH_UPLOADS clients (20) upload WAV clips at
// once over a slow link (client i's upload lasts (i+1)/N of BENCH_WINDOW_SECONDS, so uploads are in flight
// and transcriptions running throughout), retrying as the browser's tus client does. Meanwhile, one after
// the other: (a) a web process is SIGKILLed and restarted on its port, (b) the worker that is
// mid-transcription (held at the engine gate) is SIGKILLed and a new one started, (c) PostgreSQL is
// restarted (only with BENCH_RESTART_POSTGRES=1: it disturbs everything else on the machine), (d) the S3
// server is SIGKILLed and restarted. A process that dies by itself is counted and restarted, as a
// supervisor would. Then: uploads lost, jobs finished twice, notes stuck, time to recover per fault.
const uploadCount = Number(process.env.BENCH_UPLOADS ?? 20);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 60);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 180);
const restartPostgres = process.env.BENCH_RESTART_POSTGRES === "1";
const run = promisify(execFile);
const print = (line: string) => process.stdout.write(`${line}\n`);
const secondsSince = (start: number) => (performance.now() - start) / 1000;
print(`${uploadCount} uploads over ${windowSeconds} s, 2 web + 2 workers, PostgreSQL + S3 (SeaweedFS)`);

const database = await openTestDatabase("postgres");
if (database.handle.kind !== "postgres") throw new Error("bench:faults runs on PostgreSQL");
const { pool } = database.handle;
const [seaweed, whisper] = await Promise.all([startSeaweedFs({ bucket: "parley-bench" }), startWhisperServer()]);
const gate = await startEngineGate(whisper.url);
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-faults-"));
const env = clusterEnv(database.url ?? "", dataDir, {
  ...seaweed.env,
  SPEECH_ENGINE: "openai",
  // The web processes ask the engine which languages it speaks: straight, so the gate holds only a worker's request.
  OPENAI_AUDIO_BASE_URL: whisper.url,
  OPENAI_AUDIO_MODEL: "tiny.en",
  // A killed worker's job comes back within seconds (as in test/multi-process/upload-journey.test.ts).
  QUEUE_MONITOR_SECONDS: "1",
  TRANSCRIPTION_HEARTBEAT_SECONDS: "10",
  TRANSCRIPTION_RETRY_DELAY_SECONDS: "1",
  TRUSTED_PROXY_HOPS: "1",
});

let stopping = false;
const killedOnPurpose = new Set<ChildProcess>();
const crashes: string[] = [];
const webPorts = [await freePort(), await freePort()];
const webUrls = webPorts.map((port) => `http://127.0.0.1:${port}`);
const webs: RoleProcess[] = [];
const workers: { role: RoleProcess; key: string }[] = [];
let workersStarted = 0;

/** A process that exits without being killed here is a finding: counted, then restarted as a supervisor would. */
function supervise(role: RoleProcess, name: string, restart: () => Promise<unknown>) {
  void role.exited.then((code) => {
    if (stopping || killedOnPurpose.has(role.child)) return;
    crashes.push(`${name} exited by itself (${code}): ${role.output().trim().split("\n").slice(-3).join(" | ")}`);
    void restart();
  });
}

const isHealthy = async (url: string) =>
  (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.status === 200;

/** Polls (a readiness condition) until every web process reports database, queue and storage ready. */
async function untilHealthy(urls: readonly string[], limitSeconds = 180): Promise<void> {
  const start = performance.now();
  for (;;) {
    if ((await Promise.all(urls.map(isHealthy))).every(Boolean)) return;
    if (secondsSince(start) > limitSeconds) throw new Error(`not healthy after ${limitSeconds} s: ${urls.join(", ")}`);
    await delay(100);
  }
}

async function startWeb(index: number): Promise<void> {
  const role = spawnRole("src/server/main.ts", { ...env, PORT: String(webPorts[index]), LOG_LEVEL: "warn" });
  webs[index] = role;
  supervise(role, `web ${index}`, () => startWeb(index));
  await untilHealthy([webUrls[index] ?? ""]);
}

async function startWorker(slot: number): Promise<void> {
  const key = `worker-${workersStarted++}`;
  const role = spawnRole("src/worker/main.ts", { ...env, OPENAI_AUDIO_BASE_URL: gate.url, OPENAI_AUDIO_API_KEY: key });
  workers[slot] = { role, key };
  supervise(role, key, () => startWorker(slot));
  await role.logged("worker ready");
}

async function killOnPurpose(role: RoleProcess | undefined): Promise<void> {
  if (!role) return;
  killedOnPurpose.add(role.child);
  role.child.kill("SIGKILL");
  await role.exited;
}

interface FaultResult {
  name: string;
  recoverySeconds: number | null;
  how: string;
}
const faults: FaultResult[] = [];
const clips = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11"].map((name) => bytesOf(clipPath(name)));
/** Every upload of the run (the clients' and the worker fault's probe), with the bytes it sent. */
const uploads: { bytes: Uint8Array; outcome: Promise<UploadOutcome> }[] = [];
let proxyUrl = "";
let sessionToken = "";

function uploaderClient(): TestClient {
  const uploader = new TestClient(proxyUrl);
  uploader.setCookie("parley.session_token", sessionToken);
  return uploader;
}

async function killWeb(): Promise<void> {
  const start = performance.now();
  await killOnPurpose(webs[0]);
  await startWeb(0);
  faults.push({ name: "web SIGKILL + restart", recoverySeconds: secondsSince(start), how: "until the new process's health is 200" });
}

async function killWorkerMidJob(): Promise<void> {
  const name = "worker SIGKILL mid-transcription";
  const held = gate.holdNext();
  // One more upload, at full speed, so a transcription begins now: the clients' own may be done or between jobs.
  const bytes = clips[1] ?? new Uint8Array();
  uploads.push({
    bytes,
    outcome: resumableUpload(uploaderClient(), bytes, { kind: "file", filename: "probe.wav" }, { bytesPerSecond: 1e7 }),
  });
  // Unreferenced: a timer left running would keep the finished benchmark from exiting.
  const key = await Promise.race([held, delay(120_000, null, { ref: false })]);
  const slot = workers.findIndex((worker) => worker.key === key);
  if (slot < 0) {
    const passed = `${gate.forwardedFrom.length} engine requests passed the gate before`;
    const why = key === null ? `no transcription began in 120 s; ${passed}` : `the held request came from "${key}", not a worker`;
    faults.push({ name, recoverySeconds: null, how: `${why}: not injected` });
    return;
  }
  const active = await pool.query<{ id: string }>("select id from pgboss.job where name = 'transcription.run' and state = 'active'");
  const ids = active.rows.map((row) => row.id);
  const start = performance.now();
  await killOnPurpose(workers[slot]?.role);
  await startWorker(slot);
  for (;;) {
    const open = await pool
      .query<{ open: number }>(
        "select count(*)::int as open from pgboss.job where id = any($1::uuid[]) and state not in ('completed', 'failed', 'cancelled')",
        [ids],
      )
      .catch(() => null);
    if (open?.rows[0]?.open === 0) break;
    if (secondsSince(start) > 300) {
      faults.push({ name, recoverySeconds: null, how: `the job(s) active at the kill were not done after 300 s` });
      return;
    }
    await delay(200);
  }
  faults.push({ name, recoverySeconds: secondsSince(start), how: `until the ${ids.length} job(s) active at the kill were done` });
}

async function restartPostgresServer(): Promise<void> {
  const name = "PostgreSQL restart";
  if (!restartPostgres) {
    faults.push({
      name,
      recoverySeconds: null,
      how: "skipped: set BENCH_RESTART_POSTGRES=1 (it restarts this machine's PostgreSQL for everyone)",
    });
    return;
  }
  const port = new URL(process.env.TEST_DATABASE_URL ?? "").port || "5432";
  const { stdout } = await run("pg_lsclusters", ["-h"]);
  const cluster = stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  if (!cluster) throw new Error(`no PostgreSQL cluster on port ${port}:\n${stdout}`);
  const start = performance.now();
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster[0] ?? "", cluster[1] ?? "", "restart"]);
  await untilHealthy(webUrls);
  faults.push({ name, recoverySeconds: secondsSince(start), how: "from the restart command until both webs' health is 200" });
}

async function restartS3(): Promise<void> {
  const start = performance.now();
  await seaweed.restart();
  await untilHealthy(webUrls);
  faults.push({ name: "S3 server SIGKILL + restart", recoverySeconds: secondsSince(start), how: "until both webs' health is 200" });
}

/** Every note's stored original: its key ends in /notes/<id>/original. */
async function storedSizes(): Promise<Map<string, number>> {
  const s3 = new S3Client({ endpoint: seaweed.endpoint, region: "us-east-1", forcePathStyle: true, credentials: seaweed.credentials });
  const sizes = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: seaweed.bucket, Prefix: "users/", ContinuationToken: token }));
    for (const item of page.Contents ?? []) {
      const noteId = /\/notes\/([^/]+)\/original$/.exec(item.Key ?? "")?.[1];
      if (noteId) sizes.set(noteId, item.Size ?? 0);
    }
    token = page.NextContinuationToken;
  } while (token);
  s3.destroy();
  return sizes;
}

try {
  await Promise.all([startWeb(0), startWeb(1), startWorker(0), startWorker(1)]);
  const proxy = await startRoundRobinProxy(webUrls);
  const client = new TestClient(proxy.url);
  const email = "faults@example.com";
  await client.signUp(email, "faults bench password");
  await database.handle.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
  await client.signIn(email, "faults bench password");

  proxyUrl = proxy.url;
  sessionToken = client.cookie("parley.session_token") ?? "";
  const started = performance.now();
  for (let index = 0; index < uploadCount; index++) {
    const bytes = clips[index % clips.length] ?? new Uint8Array();
    const seconds = ((index + 1) / uploadCount) * windowSeconds;
    const outcome = resumableUpload(
      uploaderClient(),
      bytes,
      { kind: "file", filename: `fault-${index}.wav` },
      { bytesPerSecond: bytes.length / seconds },
    );
    uploads.push({ bytes, outcome });
  }
  const schedule: [number, () => Promise<void>][] = [
    [0.15, killWeb],
    [0.3, killWorkerMidJob],
    [0.5, restartPostgresServer],
    [0.7, restartS3],
  ];
  for (const [at, fault] of schedule) {
    const wait = at * windowSeconds * 1000 - (performance.now() - started);
    if (wait > 0) await delay(wait);
    await fault();
  }
  const outcomes = await Promise.all(uploads.map((upload) => upload.outcome));
  print(`uploads done after ${secondsSince(started).toFixed(1)} s`);

  const noteIds = outcomes.flatMap((outcome) => (outcome.noteId ? [outcome.noteId] : []));
  const settleStart = performance.now();
  let stuck: { id: string; transcription_code: string; notes_status: string | null }[] = [];
  for (;;) {
    const result = await pool.query<{ id: string; transcription_code: string; notes_status: string | null }>(
      `select id, transcription_code, notes_status from notes where id = any($1::uuid[])
         and (transcription_code = 'transcription_in_progress'
           or (transcription_code = 'transcription_ready' and coalesce(notes_status, '') not in ('notes_ready', 'notes_failed')))`,
      [noteIds],
    );
    stuck = result.rows;
    if (stuck.length === 0 || secondsSince(settleStart) > settleSeconds) break;
    await delay(500);
  }
  print(`notes settled after ${secondsSince(settleStart).toFixed(1)} s more`);

  const sizes = await storedSizes();
  const notes = await pool.query<{ id: string }>(`select n.id from notes n join "user" u on u.id = n.user_id where u.email = $1`, [email]);
  const noteRows = new Set(notes.rows.map((row) => row.id));
  const lost = outcomes.flatMap((outcome, index) => {
    const size = uploads[index]?.bytes.length;
    if (!outcome.noteId) return [`upload ${index}: gave up (${outcome.error})`];
    if (!noteRows.has(outcome.noteId)) return [`upload ${index}: note ${outcome.noteId} missing`];
    if (sizes.get(outcome.noteId) !== size) return [`upload ${index}: stored ${sizes.get(outcome.noteId)} bytes of ${size}`];
    return [];
  });
  const twice = await pool.query<{ name: string; note_id: string; runs: number }>(
    `select name, data->>'noteId' as note_id, count(*)::int as runs from pgboss.job
       where state = 'completed' and name in ('transcription.run', 'notes.generate') group by 1, 2 having count(*) > 1`,
  );
  // Why jobs were retried: pg-boss keeps the last failure in `output`.
  const retried = await pool.query<{ name: string; reason: string | null; jobs: number }>(
    `select name, left(coalesce(output->>'message', output::text), 100) as reason, count(*)::int as jobs
       from pgboss.job where retry_count > 0 group by 1, 2 order by 3 desc`,
  );

  print("\nfaults (time to recover)");
  for (const fault of faults) {
    const time = fault.recoverySeconds === null ? "    -  " : `${fault.recoverySeconds.toFixed(1).padStart(5)} s`;
    print(`  ${fault.name.padEnd(36)} ${time}  (${fault.how})`);
  }
  print("\nresults");
  print(`  uploads lost:            ${lost.length} of ${uploads.length} (goal 0; the worker fault's probe included)`);
  for (const line of lost) print(`    ${line}`);
  print(`  duplicate notes:         ${noteRows.size - new Set(noteIds).size} (notes of the user beyond one per upload)`);
  print(`  jobs finished twice:     ${twice.rows.length} (goal 0)`);
  for (const row of twice.rows) print(`    ${row.name} for note ${row.note_id}: ${row.runs} completed rows`);
  const statuses = await pool.query<{ status: string; notes: number }>(
    `select transcription_code || ' / ' || coalesce(notes_status, '-') as status, count(*)::int as notes
       from notes where id = any($1::uuid[]) group by 1 order by 2 desc`,
    [noteIds],
  );
  print(`  notes by status:         ${statuses.rows.map((row) => `${row.notes} ${row.status}`).join(", ")}`);
  print(`  notes stuck:             ${stuck.length} (goal 0; not final ${settleSeconds} s after the uploads)`);
  for (const row of stuck) print(`    ${row.id}: ${row.transcription_code} / ${row.notes_status}`);
  print(
    `  client retries:          ${outcomes.reduce((sum, outcome) => sum + outcome.retries, 0)} requests retried, ${outcomes.reduce((sum, outcome) => sum + outcome.restarts, 0)} uploads begun again`,
  );
  print(
    `  jobs retried:            ${retried.rows.reduce((sum, row) => sum + row.jobs, 0)} (a killed worker's job is taken over by a retry)`,
  );
  for (const row of retried.rows) print(`    ${row.jobs} ${row.name}: ${row.reason ?? "no reason kept"}`);
  print(`  processes that died:     ${crashes.length} (besides the ones killed here)`);
  for (const line of crashes) print(`    ${line}`);
  await proxy.close();
} finally {
  stopping = true;
  killRoles();
  await gate.close();
  await whisper.stop();
  await seaweed.stop();
  await database.handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
