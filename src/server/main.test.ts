import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, killRoles, spawnRole } from "../../test/support/spawn-role";

// The real `npm start` entry point as a child process: env errors, start-up, SIGTERM.
const dirs: string[] = [];

afterEach(async () => {
  killRoles();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("npm start (src/server/main.ts)", () => {
  it("refuses a bad environment value with a clear message", async () => {
    const run = spawnRole("src/server/main.ts", { PORT: "not-a-port" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("Invalid environment:");
    expect(run.output()).toMatch(/PORT: /);
  });

  it("starts on embedded PGlite in DATA_DIR, then stops gracefully on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "parley-main-"));
    dirs.push(dataDir);
    const port = await freePort();
    const run = spawnRole("src/server/main.ts", { PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1" });
    await run.logged("web role listening");
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", database: { kind: "pglite" } });
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('"signal":"SIGTERM"');
    expect(run.output()).toContain('"msg":"stopped"');
  });
});
