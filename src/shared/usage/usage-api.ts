import { z } from "zod";

/** What `GET /api/user/usage` answers (spec section 3 "Usage": id and usage). */
export const usageSchema = z
  .object({
    id: z.string(),
    usage: z.object({
      /** Minutes transcribed this month, each note rounded up to whole minutes (interpretations 4). */
      transcriptionMinutes: z.number().int().nonnegative(),
      uploadCount: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: "Usage" });
export type Usage = z.infer<typeof usageSchema>;
