import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** Runs a process role (`src/server/main.ts`, `src/worker/main.ts`) as a child, as npm would. */
export interface RoleProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`; rejects if the process exits first. */
  logged(text: string): Promise<void>;
  output(): string;
}

const running: ChildProcess[] = [];

export function spawnRole(entry: string, env: Record<string, string>): RoleProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const logged = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (output.includes(text) ? resolve() : undefined);
      child.stdout?.on("data", check);
      child.stderr?.on("data", check);
      void exited.then(() => (output.includes(text) ? resolve() : reject(new Error(`exited before logging "${text}":\n${output}`))));
      check();
    });
  return { child, exited, logged, output: () => output };
}

/** Kills whatever a test left running. */
export function killRoles(): void {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
