import { z } from "zod";

// GET /api/admin/analytics/events (issue 20): what the gateway stored, for admins only (the gateway itself
// has no read). Filters by analytics user id, event name and page; oldest first.

export const adminAnalyticsEventsQuerySchema = z.object({
  userId: z.string().regex(/^web_[A-Za-z0-9_-]{1,300}$/),
  eventName: z.string().min(1).max(100).optional(),
  page: z.string().min(1).max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const adminAnalyticsEventSchema = z.object({
  userId: z.string(),
  eventName: z.string(),
  eventCategory: z.string(),
  page: z.string(),
  result: z.number().int(),
  sessionId: z.string(),
  eventTime: z.number().int(),
  properties: z.record(z.string(), z.string()),
  receivedAt: z.string(),
});

export const adminAnalyticsEventsResponseSchema = z
  .object({
    success: z.literal(true),
    items: z.array(adminAnalyticsEventSchema),
  })
  .meta({ id: "AdminAnalyticsEventsResponse" });
