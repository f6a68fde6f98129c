import { defineConfig } from "vitest/config";

export default defineConfig({
  // The `~/` alias of tsconfig.json (vite.config.ts has the same for the app build).
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup/fail-on-console-error.ts", "test/setup/job-niceness.ts"],
    // Tests check what jobs do, not how the kernel shares the cores: at the product's default (10) a job's
    // children (ffmpeg, pocketsphinx) got a tenth of a core whenever both forks were busy, and timed out.
    // Spawned roles inherit it; child-priority.test.ts sets its own niceness to test the lowering itself.
    env: { JOB_NICENESS: "0" },
    // Integration suites open databases; two cores means two forks at most.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
