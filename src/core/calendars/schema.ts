import { z } from "zod";

// Job payloads of calendar sync (issue 18).

export const calendarSyncInput = z.object({
  userId: z.string().min(1),
  connectionId: z.uuid(),
  /** How many syncs in a row met a provider outage (429/5xx): the next one waits longer. */
  delayedRuns: z.number().int().min(0).max(100).default(0),
});
export type CalendarSyncInput = z.input<typeof calendarSyncInput>;

export const calendarPollInput = z.object({}).loose();
export type CalendarPollInput = z.infer<typeof calendarPollInput>;
