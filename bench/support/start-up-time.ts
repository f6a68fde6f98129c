import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Issue 22: how long `npm run serve` takes from the process start to its first answer (GET /api/health
// 200), with a data directory that already exists (migrated by a first, uncounted start), as a restart in
// production would. `args` is what follows `node`: the build (`build/server/main.js`) or the sources
// through tsx, for comparison. Beside the wall time, the CPU time the process had used by then (user +
// system, all its threads, from /proc on Linux): on a shared machine the wall time grows with the load,
// the CPU time much less (decision 030).

/** Milliseconds of CPU the process has used, or null where /proc is not there. */
async function cpuMsOf(pid: number): Promise<number | null> {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startOnce(args: string[], dataDir: string): Promise<{ wall: number; cpu: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      MODEL_AUTO_DOWNLOAD: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node ${args.join(" ")} exited (${child.exitCode}) before answering`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) {
        const wall = performance.now() - started;
        return { wall, cpu: child.pid === undefined ? null : await cpuMsOf(child.pid) };
      }
      // Polling is the measurement here (the server tells nothing before it listens); 20 ms is its resolution.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

/**
 * Median milliseconds to the first answer over `runs` starts on one existing data directory, and the CPU
 * milliseconds used by then (`cpuAll` empty where /proc is not there).
 */
export async function startUpTime(
  args: string[],
  runs = 3,
): Promise<{ median: number; all: number[]; cpuMedian: number | null; cpuAll: number[] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-bench-start-"));
  try {
    await startOnce(args, dataDir); // creates and migrates the database: not what a restart costs
    const starts: { wall: number; cpu: number | null }[] = [];
    for (let i = 0; i < runs; i++) starts.push(await startOnce(args, dataDir));
    const all = starts.map((start) => start.wall);
    const cpuAll = starts.flatMap((start) => (start.cpu === null ? [] : [start.cpu]));
    return { median: medianOf(all) ?? 0, all, cpuMedian: cpuAll.length === runs ? medianOf(cpuAll) : null, cpuAll };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function medianOf(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}
