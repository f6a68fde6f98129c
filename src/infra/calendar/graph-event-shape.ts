import { z } from "zod";

// A Microsoft Graph event as calendarView delta answers it: the fields the product reads (the rest kept, unread).

const dateTimeTimeZone = z.looseObject({ dateTime: z.string(), timeZone: z.string().optional() });
export const graphEventSchema = z.looseObject({
  id: z.string(),
  "@removed": z.looseObject({ reason: z.string().optional() }).optional(),
  subject: z.string().nullish(),
  start: dateTimeTimeZone.nullish(),
  end: dateTimeTimeZone.nullish(),
  isAllDay: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  onlineMeeting: z.looseObject({ joinUrl: z.string().nullish() }).nullish(),
  onlineMeetingUrl: z.string().nullish(),
  location: z.looseObject({ displayName: z.string().nullish(), locationUri: z.string().nullish() }).nullish(),
  locations: z.array(z.looseObject({ displayName: z.string().nullish(), locationUri: z.string().nullish() })).nullish(),
  body: z.looseObject({ content: z.string().nullish(), contentType: z.string().nullish() }).nullish(),
  bodyPreview: z.string().nullish(),
  attendees: z
    .array(
      z.looseObject({
        type: z.string().nullish(),
        emailAddress: z.looseObject({ address: z.string().nullish(), name: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
  organizer: z.looseObject({ emailAddress: z.looseObject({ address: z.string().nullish() }).nullish() }).nullish(),
});
export type GraphEvent = z.infer<typeof graphEventSchema>;
