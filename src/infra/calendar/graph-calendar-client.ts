import { z } from "zod";
import { type CalendarHttp, calendarJson, calendarSend } from "./calendar-http";
import { normaliseGraphEvent } from "./graph-event-normaliser";
import { graphEventSchema } from "./graph-event-shape";
import type { SyncPage } from "./provider-event";

// Microsoft Graph v1.0 over plain fetch (decision 024): the signed-in account, calendarView delta (the
// window is fixed by the first call; follow @odata.nextLink to @odata.deltaLink, which is the cursor) and
// change-notification subscriptions (create, renew with PATCH, delete). Times are asked for in UTC.

const deltaPageSchema = z.looseObject({
  value: z.array(z.unknown()).default([]),
  "@odata.nextLink": z.string().optional(),
  "@odata.deltaLink": z.string().optional(),
});
const subscriptionSchema = z.looseObject({ id: z.string(), expirationDateTime: z.string() });
const meSchema = z.looseObject({ mail: z.string().nullish(), userPrincipalName: z.string().nullish() });

/** Graph's page size for delta (its maximum is larger; smaller pages keep each request quick). */
const pageSize = 100;
const preferHeaders = { Prefer: `odata.maxpagesize=${pageSize}, outlook.timezone="UTC"` };

export type GraphDeltaRequest = { window: { start: Date; end: Date } } | { link: string };

export function createGraphCalendarClient(graphUrl: string, http: CalendarHttp) {
  return {
    /**
     * One page of calendarView delta: the window on the first call, then the nextLink or deltaLink the
     * previous page handed out (those carry Graph's own state; the window is part of it).
     */
    async deltaPage(request: GraphDeltaRequest): Promise<SyncPage> {
      let url: string;
      if ("link" in request) url = request.link;
      else {
        const first = new URL(`${graphUrl}/me/calendarView/delta`);
        first.searchParams.set("startDateTime", request.window.start.toISOString());
        first.searchParams.set("endDateTime", request.window.end.toISOString());
        url = first.toString();
      }
      const page = await calendarJson(http, url, deltaPageSchema, { headers: preferHeaders });
      const changes = page.value.flatMap((item) => {
        const event = graphEventSchema.safeParse(item);
        return event.success ? [normaliseGraphEvent(event.data)] : [];
      });
      const nextLink = page["@odata.nextLink"] ?? null;
      return { changes, nextPage: nextLink, cursor: nextLink ? null : (page["@odata.deltaLink"] ?? null) };
    },

    async accountEmail(): Promise<string | null> {
      const me = await calendarJson(http, `${graphUrl}/me`, meSchema);
      return me.mail ?? me.userPrincipalName ?? null;
    },

    /** A subscription to the user's events; Graph first checks notificationUrl with a validationToken. */
    async subscribe(input: { notificationUrl: string; clientState: string; expiresAt: Date }) {
      const subscription = await calendarJson(http, `${graphUrl}/subscriptions`, subscriptionSchema, {
        method: "POST",
        body: {
          changeType: "created,updated,deleted",
          notificationUrl: input.notificationUrl,
          resource: "me/events",
          expirationDateTime: input.expiresAt.toISOString(),
          clientState: input.clientState,
        },
      });
      return { subscriptionId: subscription.id, expiresAt: new Date(subscription.expirationDateTime) };
    },

    async renewSubscription(subscriptionId: string, expiresAt: Date): Promise<Date> {
      const subscription = await calendarJson(http, `${graphUrl}/subscriptions/${encodeURIComponent(subscriptionId)}`, subscriptionSchema, {
        method: "PATCH",
        body: { expirationDateTime: expiresAt.toISOString() },
      });
      return new Date(subscription.expirationDateTime);
    },

    deleteSubscription(subscriptionId: string): Promise<void> {
      return calendarSend(http, `${graphUrl}/subscriptions/${encodeURIComponent(subscriptionId)}`, { method: "DELETE" });
    },
  };
}
export type GraphCalendarClient = ReturnType<typeof createGraphCalendarClient>;
