import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Issue 22: how long `npm run serve` takes from the process start to its first answer (GET /api/health
// 200), with a data directory that already exists (migrated by a first, uncounted start), as a restart in
// production would. `args` is what follows `node`: the build (`build/server/main.js`) or the sources
// through tsx, for comparison.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startOnce(args: string[], dataDir: string): Promise<number> {
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
      if (answered) return performance.now() - started;
      // Polling is the measurement here (the server tells nothing before it listens); 20 ms is its resolution.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

/** Median milliseconds to the first answer over `runs` starts on one existing data directory. */
export async function startUpTime(args: string[], runs = 3): Promise<{ median: number; all: number[] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-bench-start-"));
  try {
    await startOnce(args, dataDir); // creates and migrates the database: not what a restart costs
    const all: number[] = [];
    for (let i = 0; i < runs; i++) all.push(await startOnce(args, dataDir));
    const sorted = [...all].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, all };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
