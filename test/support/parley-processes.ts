import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RoleProcess, spawnRole } from "./spawn-role";

// Issue 21: Parley as it runs on several machines, in one: web processes (`npm run serve`, no embedded
// worker) and worker processes (`npm run worker`) as real child processes on one PostgreSQL database,
// sharing the secrets and one DATA_DIR (disk storage on one machine; the S3 storage is tested elsewhere).
// Every process starts at once, as in a deploy, so they also race through the migrations together.

export interface WebProcess {
  role: RoleProcess;
  url: string;
}

export interface ParleyProcesses {
  webs: WebProcess[];
  workers: RoleProcess[];
  dataDir: string;
  /** The environment every process got (a worker started later gets the same). */
  env: Record<string, string>;
  /** Starts one more worker with the shared environment (and `extra`), once it is ready. */
  startWorker(extra?: Record<string, string>): Promise<RoleProcess>;
}

/** The settings every test cluster shares: no downloads, no language model (the extractive floor), no diarization. */
export function clusterEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MODEL_DIR: path.join(dataDir, "models"),
    HOST: "127.0.0.1",
    PORT: "0",
    AUTH_SECRET: "multi-process-secret-multi-process-secret",
    AUTH_RATE_LIMIT_SCALE: "1000",
    EMBEDDED_WORKER: "false",
    MODEL_AUTO_DOWNLOAD: "false",
    LLM_ENGINE: "none",
    LLM_DOWNLOAD: "false",
    WHISPER_CPP_DOWNLOAD: "false",
    DIARIZATION_ENGINE: "none",
    BOT_CAPACITY: "0",
    LOG_LEVEL: "info",
    ...extra,
  };
}

/** The address a web process logged when it began listening (PORT=0 picks a free one). */
async function listeningUrl(role: RoleProcess): Promise<string> {
  await role.logged("web role listening");
  const line = role
    .output()
    .split("\n")
    .find((text) => text.includes("web role listening"));
  const url = line ? /"url":"([^"]+)"/.exec(line)?.[1] : undefined;
  if (!url) throw new Error(`no address in the web's log:\n${role.output()}`);
  return url;
}

export async function startParleyProcesses({
  databaseUrl,
  webs,
  workers,
  env = {},
  workerEnv = () => ({}),
}: {
  databaseUrl: string;
  webs: number;
  workers: number;
  env?: Record<string, string>;
  /** Per-worker additions (the test tells workers apart by them). */
  workerEnv?: (index: number) => Record<string, string>;
}): Promise<ParleyProcesses> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-cluster-"));
  const shared = clusterEnv(databaseUrl, dataDir, env);
  const startWorker = async (extra: Record<string, string> = {}) => {
    const role = spawnRole("src/worker/main.ts", { ...shared, ...extra });
    await role.logged("worker ready");
    return role;
  };
  const webRoles = Array.from({ length: webs }, () => spawnRole("src/server/main.ts", shared));
  const [webUrls, workerRoles] = await Promise.all([
    Promise.all(webRoles.map(listeningUrl)),
    Promise.all(Array.from({ length: workers }, (_, index) => startWorker(workerEnv(index)))),
  ]);
  return {
    webs: webRoles.map((role, index) => ({ role, url: webUrls[index] as string })),
    workers: workerRoles,
    dataDir,
    env: shared,
    startWorker,
  };
}
