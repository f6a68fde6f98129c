import { z } from "zod";

// spec section 7: GET /user/smartlook-status and POST /user/add-smartlook-session (session recording,
// interpretations 10 and 27: off unless a project key is configured).

export const smartlookStatusSchema = z
  .object({
    success: z.literal(true),
    /** False when no key is configured: the browser loads nothing. */
    enabled: z.boolean(),
    projectKey: z.string().nullable(),
    region: z.literal("eu"),
    /** The recorder script, loaded only when enabled. */
    scriptUrl: z.string().nullable(),
  })
  .meta({ id: "SmartlookStatus" });
export type SmartlookStatus = z.infer<typeof smartlookStatusSchema>;

/** A recording session id as the recorder hands it out (letters, digits and a few separators). */
export const addSmartlookSessionInput = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/) }).strict();
export type AddSmartlookSessionInput = z.infer<typeof addSmartlookSessionInput>;

/** How many session ids an account keeps: the newest, so a long-lived account cannot grow the row forever. */
export const maxSmartlookSessions = 100;
