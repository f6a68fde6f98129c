import { z } from "zod";
import { ProviderUnavailableError } from "../oauth/oauth-client";
import { type CalendarHttp, calendarJson, calendarSend } from "./calendar-http";
import { normaliseGoogleEvent } from "./google-event-normaliser";
import { googleEventSchema } from "./google-event-shape";
import type { SyncPage } from "./provider-event";

// Google Calendar v3 over plain fetch (decision 024): events.list (a window, or a sync token), events.watch,
// channels.stop, the account's e-mail and the grant's revocation. Base URLs come from CalendarSettings.

const eventsPageSchema = z.looseObject({
  items: z.array(z.unknown()).default([]),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});
const channelSchema = z.looseObject({ id: z.string(), resourceId: z.string(), expiration: z.coerce.number().optional() });
const userinfoSchema = z.looseObject({ email: z.string() });

export interface GoogleCalendarUrls {
  apiUrl: string;
  userinfoUrl: string;
  revokeUrl: string;
}

export type GoogleListRequest = { window: { start: Date; end: Date } } | { syncToken: string };

export function createGoogleCalendarClient(urls: GoogleCalendarUrls, http: CalendarHttp) {
  const eventsUrl = `${urls.apiUrl}/calendars/primary/events`;
  return {
    /** One page of events.list: singleEvents expands recurring events into their instances. */
    async listEvents(request: GoogleListRequest, pageToken: string | null): Promise<SyncPage> {
      const url = new URL(eventsUrl);
      url.searchParams.set("singleEvents", "true");
      url.searchParams.set("maxResults", "250");
      // A sync token cannot be combined with timeMin/timeMax (Google refuses the request).
      if ("syncToken" in request) url.searchParams.set("syncToken", request.syncToken);
      else {
        url.searchParams.set("timeMin", request.window.start.toISOString());
        url.searchParams.set("timeMax", request.window.end.toISOString());
        // Cancelled instances on a full sync let a moved-out-of-window or cancelled occurrence be marked.
        url.searchParams.set("showDeleted", "true");
      }
      if (pageToken) url.searchParams.set("pageToken", pageToken);
      const page = await calendarJson(http, url.toString(), eventsPageSchema);
      const changes = page.items.flatMap((item) => {
        const event = googleEventSchema.safeParse(item);
        return event.success ? [normaliseGoogleEvent(event.data)] : [];
      });
      return { changes, nextPage: page.nextPageToken ?? null, cursor: page.nextPageToken ? null : (page.nextSyncToken ?? null) };
    },

    /** events.watch: Google POSTs to `address` with `token` on every change until `expiration`. */
    async watch(input: { channelId: string; address: string; token: string; ttlSeconds: number }) {
      const channel = await calendarJson(http, `${eventsUrl}/watch`, channelSchema, {
        method: "POST",
        body: {
          id: input.channelId,
          type: "web_hook",
          address: input.address,
          token: input.token,
          params: { ttl: String(input.ttlSeconds) },
        },
      });
      const expiresAt = new Date(channel.expiration ?? Date.now() + input.ttlSeconds * 1000);
      return { channelId: channel.id, resourceId: channel.resourceId, expiresAt };
    },

    stopChannel(input: { channelId: string; resourceId: string }): Promise<void> {
      return calendarSend(http, `${urls.apiUrl}/channels/stop`, {
        method: "POST",
        body: { id: input.channelId, resourceId: input.resourceId },
      });
    },

    async accountEmail(): Promise<string> {
      return (await calendarJson(http, urls.userinfoUrl, userinfoSchema)).email;
    },
  };
}
export type GoogleCalendarClient = ReturnType<typeof createGoogleCalendarClient>;

/**
 * Revokes the grant (refresh token) at Google's revoke endpoint. An already revoked token answers 400
 * invalid_token, which is the outcome wanted; only an outage is an error.
 */
export async function revokeGoogleToken(revokeUrl: string, token: string, fetcher: typeof fetch = fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetcher(revokeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ProviderUnavailableError(`revoke endpoint unreachable: ${(error as Error).message}`, null);
  }
  await response.body?.cancel();
  if (response.status === 429 || response.status >= 500)
    throw new ProviderUnavailableError(`revoke answered ${response.status}`, response.status);
}
