import { z } from "zod";

/** What `GET /api/user/usage` answers (spec section 3 "Usage": id and usage). */
export const usageSchema = z.object({
  id: z.string(),
  usage: z.object({
    /** Minutes transcribed this month, each note rounded up to whole minutes (interpretations 4). */
    transcriptionMinutes: z.number().int().nonnegative(),
    uploadCount: z.number().int().nonnegative(),
  }),
});
export type Usage = z.infer<typeof usageSchema>;

/** `YYYY-MM` of a moment, in UTC. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** interpretations 4: minutes are rounded up per note. */
export function billableMinutes(seconds: number): number {
  return seconds <= 0 ? 0 : Math.ceil(seconds / 60);
}
