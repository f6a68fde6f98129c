import { z } from "zod";
import { checkGeoProperties } from "./geo-point";

// spec section 3 "Analytics event" and section 9 (SDK 0.0.10, app 1.0.0): the one event shape the browser's
// analytics client sends and the analytics gateway's POST /log/web accepts (interpretations 26).

/** A batch holds at most this many events: the client sends 10 at a time, so 50 leaves room and caps abuse. */
export const maxEventsPerBatch = 50;

const text = (max: number) => z.string().max(max);

export const analyticsPropertySchema = z.object({ key: text(100).min(1), value: text(2000) });
export type AnalyticsProperty = z.infer<typeof analyticsPropertySchema>;

export const analyticsEventSchema = z.object({
  /** 'web_' + base64url of the user id (spec section 3). */
  user_id: z.string().regex(/^web_[A-Za-z0-9_-]{1,300}$/),
  type: text(40).min(1),
  app_id: text(100).min(1),
  version: text(20).min(1),
  /** 1 success, 0 failure (the gateway's config_result convention); 1 for plain events. */
  result: z.number().int().min(0).max(1),
  /** sha-256 hex of `${sessionStart}:${userId}`. */
  session_id: z.string().regex(/^[0-9a-f]{64}$/),
  event_group: text(100).min(1),
  event_name: text(100).min(1),
  /** Epoch milliseconds. */
  event_time: z.number().int().nonnegative(),
  /** Milliseconds; 0 for instant events. */
  duration: z.number().int().nonnegative(),
  event_category: text(100).min(1),
  page: text(2000),
  // spec 5: a lat/lon property must be in range.
  properties: z
    .array(analyticsPropertySchema)
    .max(50)
    .superRefine((properties, ctx) =>
      checkGeoProperties(
        properties.map((p) => [p.key, p.value] as const),
        ctx,
      ),
    ),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The gateway's POST /log/web body: `event_logs` (spec section 7). */
export const analyticsBatchInput = z.object({
  event_logs: z.array(analyticsEventSchema).min(1).max(maxEventsPerBatch),
  sdk_version: text(20).optional(),
});
export type AnalyticsBatchInput = z.infer<typeof analyticsBatchInput>;
