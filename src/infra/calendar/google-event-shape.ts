import { z } from "zod";

// A Google Calendar v3 event as events.list answers it: the fields the product reads (the rest kept, unread).

export const googleEventSchema = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  hangoutLink: z.string().optional(),
  start: z.looseObject({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() }).optional(),
  end: z.looseObject({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() }).optional(),
  conferenceData: z
    .looseObject({
      entryPoints: z.array(z.looseObject({ entryPointType: z.string().optional(), uri: z.string().optional() })).optional(),
    })
    .optional(),
  attendees: z
    .array(z.looseObject({ email: z.string().optional(), displayName: z.string().optional(), resource: z.boolean().optional() }))
    .optional(),
  organizer: z.looseObject({ email: z.string().optional() }).optional(),
});
export type GoogleEvent = z.infer<typeof googleEventSchema>;
