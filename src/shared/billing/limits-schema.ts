import { z } from "zod";
import type { Limits } from "./plans";

// The run-time check of a plan's limits (spec section 3 "Plan data"), apart from plans.ts so the names
// and defaults there stay zod-free for the browser (issue 22).

export const limitsSchema = z.object({
  transcriptionMinutesPerMonth: z.number().int().nonnegative().nullable(),
  uploadsPerMonth: z.number().int().nonnegative().nullable(),
  concurrentMeetings: z.number().int().nonnegative().nullable(),
  recordingMinutes: z.number().int().positive().nullable(),
}) satisfies z.ZodType<Limits>;
