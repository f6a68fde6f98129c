import type { PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Logger } from "../server/logger";

/** A job is data: a `<domain>.<verb>` name, a zod payload, and a handler (style rule 8). */
export interface JobDefinition<Payload> {
  name: `${string}.${string}`;
  payload: z.ZodType<Payload>;
  handle(payload: Payload, context: { logger: Logger; jobId: string }): Promise<void>;
}

// Domains add their jobs here as they land (transcription, notes, calendars, e-mail, retention).
export const jobDefinitions: readonly JobDefinition<never>[] = [];

/** Creates each job's queue and starts working it; returns the number of job kinds registered. */
export async function registerJobHandlers(
  boss: PgBoss,
  logger: Logger,
  definitions: readonly JobDefinition<never>[] = jobDefinitions,
): Promise<number> {
  for (const definition of definitions) {
    await boss.createQueue(definition.name);
    await boss.work(definition.name, async (jobs) => {
      for (const job of jobs) {
        const payload = definition.payload.parse(job.data);
        await definition.handle(payload, { logger: logger.child({ job: definition.name, jobId: job.id }), jobId: job.id });
      }
    });
  }
  return definitions.length;
}
