import { z } from "zod";
import type { JobDefinition } from "~/infra/queue/job-registry";

export const expiredUploadsJobName = "uploads.clean";

/** How long an unfinished upload can be resumed (tus Upload-Expires); the clean-up removes it after that. */
export const uploadExpirationMs = 7 * 24 * 3600 * 1000;

/** The scheduled run carries nothing. */
export const expiredUploadsInput = z.object({}).loose();
export type ExpiredUploadsInput = z.infer<typeof expiredUploadsInput>;

/** Where uploads wait (the disk or the bucket), for their clean-up past the expiry. */
export interface ExpiringUploadStore {
  /**
   * Unfinished uploads (bytes and records) and finished uploads' records, which tus keeps forever. Counts
   * for the log: unfinished uploads on disk, their deleted objects in the bucket (as tus counts them).
   */
  deleteExpired(): Promise<{ unfinished: number; finishedRecords: number }>;
}

/**
 * uploads.clean (issue 21): unfinished tus uploads older than `uploadExpirationMs` are removed from where
 * they wait (DATA_DIR/uploads, or the bucket's multipart uploads and their .info/.part objects), so a
 * browser that never came back does not keep bytes forever; so are finished uploads' records that old. Hourly on pg-boss's schedule, which runs once
 * across every worker process; a missed or failed run is only a later clean-up, so no retries.
 */
export function expiredUploadsJob(deps: { uploadStore: () => Promise<ExpiringUploadStore> }): JobDefinition<ExpiredUploadsInput> {
  return {
    name: expiredUploadsJobName,
    payload: expiredUploadsInput,
    queue: { retryLimit: 0, expireInSeconds: 30 * 60 },
    schedule: { cron: "23 * * * *", payload: {} },
    async handle(_payload, context) {
      const removed = await (await deps.uploadStore()).deleteExpired();
      if (removed.unfinished + removed.finishedRecords > 0) context.logger.info(removed, "expired uploads removed");
    },
  };
}
