import type { PgBoss } from "pg-boss";
import { notifyCalendarChanged } from "~/infra/db/note-changes";
import { ProviderUnavailableError } from "~/infra/oauth/oauth-client";
import { enqueue, type JobDefinition } from "~/infra/queue/job-registry";
import { ProviderNotConfiguredError, ReconnectNeededError } from "./calendar-access";
import type { CalendarDeps } from "./calendar-deps";
import { findConnection, listActiveConnections } from "./data";
import { markSyncDelayed } from "./mutations";
import { ensurePush } from "./push-channels";
import { type CalendarPollInput, type CalendarSyncInput, calendarPollInput, calendarSyncInput } from "./schema";
import { syncConnection } from "./sync-calendar";

export const calendarSyncJobName = "calendar.sync";
export const calendarPollJobName = "calendar.poll";

/** A provider outage's next try: its Retry-After, else 30 s doubling per outage in a row, at most 15 minutes. */
export function outageDelaySeconds(retryAfterSeconds: number | null, delayedRuns: number): number {
  const backoff = Math.min(900, 30 * 2 ** Math.min(delayedRuns, 10));
  return Math.min(900, Math.max(1, retryAfterSeconds ?? backoff));
}

/**
 * calendar.sync, one connection. Queue policy `stately` with the connection as singletonKey: one run and
 * one queued per connection, so a burst of push notifications costs two syncs, not fifty. A provider outage
 * (429/5xx) marks the connection "sync delayed" and queues the next try itself (honouring Retry-After,
 * which pg-boss's fixed retry delay cannot); anything else is retried twice by pg-boss, 30 s apart.
 */
export function calendarSyncJob(deps: CalendarDeps): JobDefinition<CalendarSyncInput> {
  return {
    name: calendarSyncJobName,
    payload: calendarSyncInput,
    queue: { policy: "stately", retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
    work: { localConcurrency: 2 },
    async handle(payload, context) {
      const { userId, connectionId } = payload;
      try {
        const outcome = await syncConnection(deps, { userId, connectionId });
        if (outcome === "skipped") return;
      } catch (error) {
        // The connection already says "reconnect"; a provider removed from the configuration waits for it.
        if (error instanceof ReconnectNeededError) {
          // The page shows "reconnect" at once rather than at its next refresh.
          await notifyCalendarChanged(deps.db, { userId });
          return;
        }
        if (error instanceof ProviderNotConfiguredError) {
          context.logger.warn({ connectionId }, "calendar provider no longer configured: not synced");
          return;
        }
        if (!(error instanceof ProviderUnavailableError)) throw error;
        const delayedRuns = payload.delayedRuns ?? 0;
        const seconds = outageDelaySeconds(error.retryAfterSeconds, delayedRuns);
        context.logger.warn({ connectionId, status: error.status, seconds }, "calendar provider unavailable: sync delayed");
        await markSyncDelayed(deps.db, { connectionId, reason: error.message });
        await notifyCalendarChanged(deps.db, { userId });
        await enqueueCalendarSync(deps.boss, { userId, connectionId, delayedRuns: delayedRuns + 1 }, seconds);
        return;
      }
      // Re-read: the sync may have refreshed (and Microsoft rotated) the tokens.
      const connection = await findConnection(deps.db, { userId, connectionId });
      if (connection) {
        await ensurePush(deps, connection).catch((error: unknown) => {
          context.logger.warn({ err: error, connectionId }, "push channel not opened; polling keeps the calendar fresh");
        });
      }
      await deps.afterCalendarChange({ userId });
    },
  };
}

/** calendar.poll, on a schedule: a sync for every active connection (push channels are renewed by those syncs). */
export function calendarPollJob(deps: CalendarDeps): JobDefinition<CalendarPollInput> {
  return {
    name: calendarPollJobName,
    payload: calendarPollInput,
    queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
    schedule: { cron: pollScheduleExpression(deps.settings.pollMinutes), payload: {} },
    async handle() {
      for (const connection of await listActiveConnections(deps.db)) {
        await enqueueCalendarSync(deps.boss, { userId: connection.userId, connectionId: connection.id });
      }
    },
  };
}

export function enqueueCalendarSync(boss: PgBoss, input: CalendarSyncInput, startAfterSeconds?: number): Promise<string | null> {
  return enqueue(boss, { name: calendarSyncJobName, payload: calendarSyncInput }, input, {
    singletonKey: input.connectionId,
    ...(startAfterSeconds ? { startAfterSeconds } : {}),
  });
}

/**
 * The poll's schedule: cron when the interval divides an hour (or a day, in whole hours); otherwise an
 * RRULE counted from a fixed start, since `*\/7` in cron restarts at every hour (…:49, :56, :00).
 */
export function pollScheduleExpression(minutes: number): string {
  if (minutes === 1) return "* * * * *";
  if (minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  if (minutes === 60) return "0 * * * *";
  if (minutes % 60 === 0 && 1440 % minutes === 0) return `0 */${minutes / 60} * * *`;
  return `DTSTART:20000101T000000Z\nRRULE:FREQ=MINUTELY;INTERVAL=${minutes}`;
}
