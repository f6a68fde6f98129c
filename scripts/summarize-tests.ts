import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// Prints the one totals line CI reads (`N passed, N failed[, N skipped]`) and fails the run when a
// test or a step (lint, typecheck, i18n, build) failed, or when no test ran at all.
const dir = process.argv[2] ?? "test-results";
const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numFailedTestSuites: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
});
const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
});

function read(file: string): unknown {
  const full = path.join(dir, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = vitestReport.safeParse(read("vitest.json"));
if (vitest.success) {
  passed += vitest.data.numPassedTests;
  // A suite that fails in its setup marks its tests skipped; count the suite as a failure.
  failed += vitest.data.numFailedTests + (vitest.data.numFailedTests === 0 ? vitest.data.numFailedTestSuites : 0);
  skipped += vitest.data.numPendingTests + vitest.data.numTodoTests;
} else failed += 1;
const playwright = playwrightReport.safeParse(read("playwright.json"));
if (playwright.success) {
  passed += playwright.data.stats.expected;
  // A flaky test is a failed test here: retries are off, so this only counts if someone turns them on.
  failed += playwright.data.stats.unexpected + playwright.data.stats.flaky;
  skipped += playwright.data.stats.skipped;
} else failed += 1;

const steps = existsSync(path.join(dir, "steps.txt")) ? readFileSync(path.join(dir, "steps.txt"), "utf8").trim().split("\n") : [];
const failedSteps = steps.filter((line) => line.includes("FAILED"));
for (const line of steps) process.stdout.write(`${line}\n`);
// A failed step with no test counted for it (lint, typecheck, i18n, build) counts as one failure.
const uncounted = failedSteps.filter((line) => !/^(vitest|playwright) /.test(line)).length;
failed += uncounted;
// A runner that failed without a failing test (crash, timeout) still counts once.
if (failed === 0 && failedSteps.length > 0) failed = 1;
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
process.exit(failed > 0 || failedSteps.length > 0 || passed === 0 ? 1 : 0);
