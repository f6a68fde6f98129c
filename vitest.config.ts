import { defineConfig } from "vitest/config";

export default defineConfig({
  // The `~/` alias of tsconfig.json (vite.config.ts has the same for the app build).
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup/fail-on-console-error.ts"],
    // Integration suites open databases; two cores means two forks at most.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
