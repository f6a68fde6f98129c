import { z } from "zod";

export const saveRedirectInput = z.object({
  /** Unprefixed path without trailing slash, as matchRoute reports it (e.g. `/old-pricing`). */
  fromPath: z.string().regex(/^\/[^\s?#]*$/, "must be a path starting with /"),
  toUrl: z
    .string()
    .min(1)
    .refine((value) => value.startsWith("/") || /^https?:\/\//.test(value), "must be a path or an http(s) URL"),
});
export type SaveRedirectInput = z.infer<typeof saveRedirectInput>;
