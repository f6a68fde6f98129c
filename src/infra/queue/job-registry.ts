import type { PgBoss, QueueOptions, QueuePolicy, WorkOptions } from "pg-boss";
import type { z } from "zod";
import type { Logger } from "../logging/logger";

/**
 * A failure that another attempt cannot fix (corrupt media, a note that is gone, a language the engine
 * cannot do): the job stops at once and `onGiveUp` records the outcome.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

export interface JobContext {
  logger: Logger;
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when pg-boss expires the job or the worker stops. */
  signal: AbortSignal;
}

/** A job is data: a `<domain>.<verb>` name, a zod payload, queue policy and a handler (style rule 8). */
export interface JobDefinition<Payload> {
  name: `${string}.${string}`;
  payload: z.ZodType<Payload>;
  /** Retry and expiry policy of the queue; each definition says why its numbers are what they are. */
  queue?: Pick<QueueOptions, "retryLimit" | "retryDelay" | "retryBackoff" | "retryDelayMax" | "expireInSeconds" | "heartbeatSeconds"> & {
    /** pg-boss queue policy (default standard); `stately` keeps one queued and one running job per singletonKey. */
    policy?: QueuePolicy;
  };
  /** How many run at once in this process, and per group (e.g. per user) across every process. */
  work?: Pick<WorkOptions, "localConcurrency" | "groupConcurrency">;
  /** A job that also runs on a cron schedule (pg-boss keeps one schedule per name across processes). */
  schedule?: { cron: string; payload: Payload };
  handle(payload: Payload, context: JobContext): Promise<void>;
  /** Called once when the job will not run again: a permanent error, or the last retry failed. */
  onGiveUp?(payload: Payload, error: unknown, context: JobContext): Promise<void>;
}

/** Validated enqueue; `singletonKey` keeps one queued job per key (e.g. per note). */
export async function enqueue<Payload>(
  boss: PgBoss,
  definition: Pick<JobDefinition<Payload>, "name" | "payload">,
  payload: Payload,
  options: { singletonKey?: string; startAfterSeconds?: number; group?: { id: string; tier?: string } } = {},
): Promise<string | null> {
  const data = definition.payload.parse(payload);
  return boss.send(definition.name, data as object, {
    singletonKey: options.singletonKey,
    startAfter: options.startAfterSeconds,
    ...(options.group ? { group: options.group } : {}),
  });
}

/**
 * Creates each job's queue without working it: a web process with no embedded worker still queues jobs
 * (pg-boss refuses to send to a queue that does not exist), for worker processes elsewhere to run.
 */
export async function ensureQueues(boss: PgBoss, definitions: readonly JobDefinition<never>[]): Promise<void> {
  for (const definition of definitions) await ensureQueue(boss, definition);
}

/**
 * Creates the queue with NOTIFY on (issue 22): a job sent from any process wakes the workers listening at
 * once instead of at their next poll (0.3-2 s after an upload finished). createQueue leaves an existing
 * queue as it was, so queues made before this are switched on here, and its retry, expiry and heartbeat
 * settings follow the definition (issue 21: a changed TRANSCRIPTION_HEARTBEAT_SECONDS or retry delay
 * reaches a database whose queues an older start made; the policy itself cannot change).
 */
async function ensureQueue(boss: PgBoss, definition: JobDefinition<never>): Promise<void> {
  await boss.createQueue(definition.name, { ...definition.queue, notify: true });
  const { policy: _fixedAtCreation, ...settings } = definition.queue ?? {};
  await boss.updateQueue(definition.name, { ...settings, notify: true });
}

/** Creates each job's queue and starts working it; returns the number of job kinds registered. */
export async function registerJobHandlers(
  boss: PgBoss,
  logger: Logger,
  definitions: readonly JobDefinition<never>[],
  workOptions: { pollingIntervalSeconds?: number } = {},
): Promise<number> {
  for (const definition of definitions) {
    await ensureQueue(boss, definition);
    if (definition.schedule) {
      await boss.schedule(definition.name, definition.schedule.cron, definition.payload.parse(definition.schedule.payload) as object);
    }
    const retryLimit = definition.queue?.retryLimit ?? 2;
    // NOTIFY only says "a job was created"; a retry or a delayed job that comes due sends none, so the
    // polling interval stays what it was (pg-boss would otherwise relax it to 30 s while NOTIFY is up).
    const polling = workOptions.pollingIntervalSeconds ?? 2;
    const work = { ...workOptions, notifyPollingIntervalSeconds: polling, ...definition.work };
    await boss.work(definition.name, work, async (jobs) => {
      for (const job of jobs) await runJob(definition as JobDefinition<unknown>, job, retryLimit, logger);
    });
  }
  return definitions.length;
}

async function runJob(
  definition: JobDefinition<unknown>,
  job: { id: string; data: unknown; retryCount: number; signal: AbortSignal },
  retryLimit: number,
  logger: Logger,
): Promise<void> {
  const attempt = job.retryCount + 1;
  const context: JobContext = {
    logger: logger.child({ job: definition.name, jobId: job.id, attempt }),
    jobId: job.id,
    attempt,
    signal: job.signal,
  };
  const parsed = definition.payload.safeParse(job.data);
  if (!parsed.success) {
    // Bad data never gets better: log it and end the job instead of retrying it.
    context.logger.error({ issues: parsed.error.issues }, "job payload is invalid; not retried");
    return;
  }
  context.logger.info(`attempt ${attempt} of ${retryLimit + 1}`);
  try {
    await definition.handle(parsed.data, context);
  } catch (error) {
    const isPermanent = error instanceof PermanentJobError;
    const isLast = isPermanent || attempt > retryLimit;
    context.logger.warn({ err: error, isPermanent, isLast }, "job attempt failed");
    if (isLast) {
      await definition.onGiveUp?.(parsed.data, error, context);
      if (isPermanent) return;
    }
    throw error;
  }
}
