import { and, eq, inArray } from "drizzle-orm";
import { calendarSyncJobName } from "../../src/core/calendars/jobs";
import { calendarConnections, calendarEvents } from "../../src/infra/db/calendar-schema";
import { createLogger } from "../../src/infra/logging/logger";
import { parseEnv } from "../../src/runtime/env";
import { type RunningWeb, startWeb } from "../../src/server/start-web";
import { type CalendarStandIn, startCalendarStandIn } from "../../test/stand-ins/calendar/server";
import { freePort } from "../../test/support/spawn-role";
import { openTestDatabase } from "../../test/support/test-databases";
import type { TestClient } from "../../test/support/test-web";

// The calendar bench's plumbing: a web process on PostgreSQL wired to the calendar stand-in with push on
// (as test/support/calendar-web.ts, without Vitest), the connect round trip, what the database says about
// a connection, and a memory sampler.

export type BenchPlatform = "google_calendar" | "microsoft_outlook";

export interface CalendarBenchWeb {
  web: RunningWeb;
  standIn: CalendarStandIn;
  stop(): Promise<void>;
}

export async function startCalendarBenchWeb(): Promise<CalendarBenchWeb> {
  const standIn = await startCalendarStandIn();
  const port = await freePort();
  const base = standIn.url;
  const { handle } = await openTestDatabase("postgres");
  const env = parseEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    // No first-use language-model download from Hugging Face in a benchmark.
    LLM_DOWNLOAD: "false",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    AUTH_RATE_LIMIT_SCALE: "1000",
    BOT_CAPACITY: "0",
    GOOGLE_CALENDAR_CLIENT_ID: "calendar-bench.apps.googleusercontent.com",
    GOOGLE_CALENDAR_CLIENT_SECRET: "calendar-bench-secret",
    GOOGLE_CALENDAR_AUTHORIZATION_URL: `${base}/google/o/oauth2/v2/auth`,
    GOOGLE_CALENDAR_TOKEN_URL: `${base}/google/token`,
    GOOGLE_CALENDAR_REVOKE_URL: `${base}/google/revoke`,
    GOOGLE_CALENDAR_USERINFO_URL: `${base}/google/oauth2/v3/userinfo`,
    GOOGLE_CALENDAR_API_URL: `${base}/google/calendar/v3`,
    OUTLOOK_CLIENT_ID: "outlook-bench-client",
    OUTLOOK_CLIENT_SECRET: "outlook-bench-secret",
    OUTLOOK_AUTHORITY: `${base}/microsoft`,
    OUTLOOK_TENANT_ID: "common",
    MICROSOFT_GRAPH_URL: `${base}/graph/v1.0`,
    CALENDAR_PUSH_URL: `http://127.0.0.1:${port}`,
  });
  const web = await startWeb(env, createLogger("silent"), { database: handle });
  return {
    web,
    standIn,
    async stop() {
      // Stopping the web closes its database, which drops the bench database.
      await web.stop();
      await standIn.close();
    },
  };
}

/** connect -> the stand-in's consent (302); the app's callback is returned to be timed by the caller. */
export async function consentCallback(client: TestClient, platform: BenchPlatform): Promise<() => Promise<void>> {
  const start = await client.api("POST", "/calendar/connect", { platform, returnUrl: "/settings/calendar" });
  if (start.status !== 200) throw new Error(`connect answered ${start.status}`);
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const consent = await fetch(authorizationUrl, { redirect: "manual" });
  const callback = new URL(consent.headers.get("location") ?? "");
  return async () => {
    const back = await client.request("GET", `${callback.pathname}${callback.search}`);
    if (back.headers.get("location") !== "/settings/calendar?calendar=connected") throw new Error("connect failed");
  };
}

export async function connectionRow(web: RunningWeb, userId: string, platform: BenchPlatform) {
  const [row] = await web.database.db
    .select({ id: calendarConnections.id, lastSyncedAt: calendarConnections.lastSyncedAt, pushId: calendarConnections.pushId })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.platform, platform)));
  return row;
}

export async function eventRows(web: RunningWeb, connectionId: string, providerEventIds: string[]) {
  return web.database.db
    .select({ providerEventId: calendarEvents.providerEventId, title: calendarEvents.title, startsAt: calendarEvents.startsAt })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.connectionId, connectionId), inArray(calendarEvents.providerEventId, providerEventIds)));
}

/** Whether a sync of the connection is queued or running. */
export async function isSyncPending(web: RunningWeb, connectionId: string): Promise<boolean> {
  const jobs = await web.queue.boss.findJobs(calendarSyncJobName, { key: connectionId });
  return jobs.some((job) => job.state === "created" || job.state === "retry" || job.state === "active");
}

/** Sync runs of the connection that started after `sinceMs`: how many, and their time in the worker (s). */
export async function syncRunsSince(
  web: RunningWeb,
  connectionId: string,
  sinceMs: number,
): Promise<{ runs: number; workSeconds: number }> {
  const jobs = await web.queue.boss.findJobs(calendarSyncJobName, { key: connectionId });
  const done = jobs.filter((job) => job.state === "completed" && job.completedOn && job.startedOn.getTime() >= sinceMs);
  const workMs = done.reduce((sum, job) => sum + ((job.completedOn?.getTime() ?? 0) - job.startedOn.getTime()), 0);
  return { runs: done.length, workSeconds: workMs / 1000 };
}

/** Polls `check` every `everyMs` until it returns true; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, { everyMs = 10, timeoutMs = 120_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Runs a full collection when node was started with --expose-gc (npm run bench:calendar does). */
function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

/**
 * Peak RSS and heap of this process (web, stand-in and bench share it) while a phase runs; "base" is
 * after a full collection before it, "kept" the heap still used after one at its end (what the phase left).
 */
export function sampleMemory(everyMs = 5) {
  collect();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      collect();
      const mb = (bytes: number) => bytes / 1024 / 1024;
      const keptHeapMb = mb(process.memoryUsage().heapUsed);
      return { baseRssMb: mb(base.rss), peakRssMb: mb(peakRss), baseHeapMb: mb(base.heapUsed), peakHeapMb: mb(peakHeap), keptHeapMb };
    },
  };
}

/** The stand-in's request counts for one account, as "METHOD route" -> count. */
export function requestDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [route, count] of Object.entries(after)) {
    const added = count - (before[route] ?? 0);
    if (added > 0) delta[route] = added;
  }
  return delta;
}
