import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { type RoleProcess, spawnRole } from "../../test/support/spawn-role";

// Some specs need the product as `npm start` runs it with nothing configured (payments off, no engine
// variables), which the shared e2e server cannot be. This starts one more web process on its own data
// directory and waits until it answers.

export interface SecondServer {
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startSecondServer(options: {
  port: number;
  /** Where the browser reaches it (localhost and 127.0.0.1 are different cookie sites). */
  origin: string;
  label: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<SecondServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-e2e-${options.label}-`));
  const server: RoleProcess = spawnRole("src/server/main.ts", {
    PORT: String(options.port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    MODEL_DIR: path.join(dataDir, "models"),
    ...options.env,
  });
  await expect
    .poll(async () => (await fetch(`${options.origin}/api/health`).catch(() => null))?.status ?? 0, {
      message: `the ${options.label} server on ${options.origin} is up:\n${server.output()}`,
      timeout: options.timeoutMs ?? 110_000,
    })
    .toBe(200);
  return {
    origin: options.origin,
    dataDir,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
