import { afterEach, describe, expect, it } from "vitest";
import { killRoles, spawnRole } from "../../test/support/spawn-role";
import { openTestDatabase } from "../../test/support/test-databases";

afterEach(() => killRoles());

describe("npm run worker (src/worker/main.ts)", () => {
  it("needs PostgreSQL: embedded PGlite belongs to the web process", async () => {
    const run = spawnRole("src/worker/main.ts", {});
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("The worker role needs DATABASE_URL");
  });

  it("starts on PostgreSQL, migrates, works the queue and stops on SIGTERM", async () => {
    const { handle, url } = await openTestDatabase("postgres");
    try {
      const run = spawnRole("src/worker/main.ts", { DATABASE_URL: url ?? "" });
      await run.logged("worker ready");
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('"msg":"worker shutting down"');
    } finally {
      await handle.close();
    }
  });
});
