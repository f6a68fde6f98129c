import { createHash } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { calendarFor, googleError, googleGrant } from "./google-errors";
import { readJson, type StandInEnv } from "./http";
import type { DeliveryRequest } from "./outbox";
import type { CalendarStore, Channel } from "./store";

// Google push (research 2.1): events.watch opens a channel to the app's address, which at once gets a
// "sync" message; every later change to the account's events POSTs an empty body whose X-Goog-* headers
// say which channel and resource changed; channels.stop ends it. Google does not say what changed: the
// app runs an incremental sync.

const watchInput = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9\-_+/=]+$/),
  type: z.string(),
  address: z.url(),
  token: z.string().max(256).optional(),
  expiration: z.union([z.number(), z.string().regex(/^\d+$/)]).optional(),
  params: z.object({ ttl: z.string().regex(/^\d+$/).optional() }).optional(),
});
const stopInput = z.object({ id: z.string(), resourceId: z.string() });

const dayMs = 86_400_000;
// Calendar channels live a week unless asked otherwise; the stand-in caps them at 30 days.
const defaultLifetimeMs = 7 * dayMs;
const maxLifetimeMs = 30 * dayMs;

/** Google's id for the watched collection: the same for every channel on one calendar's events. */
const resourceIdFor = (email: string) => createHash("sha256").update(`events:${email.toLowerCase()}`).digest("base64url").slice(0, 27);

const isLive = (channel: Channel) => !channel.stopped && channel.expirationMs > Date.now();

function notification(channel: Channel, state: "sync" | "exists"): DeliveryRequest | null {
  if (!isLive(channel)) return null;
  channel.messageNumber += 1;
  return {
    provider: "google",
    kind: state === "sync" ? "channel-sync" : "channel-exists",
    email: channel.email,
    url: channel.address,
    channelId: channel.id,
    subscriptionId: null,
    headers: {
      "user-agent": "APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)",
      "x-goog-channel-id": channel.id,
      ...(channel.token === null ? {} : { "x-goog-channel-token": channel.token }),
      "x-goog-channel-expiration": new Date(channel.expirationMs).toUTCString(),
      "x-goog-resource-id": channel.resourceId,
      "x-goog-resource-uri": channel.resourceUri,
      "x-goog-resource-state": state,
      "x-goog-message-number": String(channel.messageNumber),
    },
    body: "",
  };
}

export function googlePushRoutes(store: CalendarStore): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();

  store.onChange((provider, email) => {
    if (provider !== "google") return;
    // One message per channel for one control call however many events it touched: Google coalesces too.
    for (const channel of store.channels.values())
      if (channel.email.toLowerCase() === email.toLowerCase() && isLive(channel))
        store.outbox.enqueue(() => notification(channel, "exists"));
  });

  app.post("/calendar/v3/calendars/:calendarId/events/watch", async (c) => {
    const grant = googleGrant(c, store);
    if (grant instanceof Response) return grant;
    const notFound = calendarFor(c, grant);
    if (notFound) return notFound;
    const body = await readJson(c, watchInput);
    if (!body.success) return googleError(c, 400, "invalid", `Invalid channel: ${z.prettifyError(body.error)}`);
    const input = body.data;
    if (input.type !== "web_hook" && input.type !== "webhook") return googleError(c, 400, "invalid", `Invalid value for: type`);
    if (store.channels.has(input.id)) return googleError(c, 400, "channelIdNotUnique", `Channel id ${input.id} not unique`);
    const now = Date.now();
    const asked =
      input.expiration !== undefined ? Number(input.expiration) : input.params?.ttl ? now + Number(input.params.ttl) * 1000 : null;
    const calendarId = c.req.param("calendarId");
    const channel: Channel = {
      id: input.id,
      resourceId: resourceIdFor(grant.email),
      resourceUri: `${store.baseUrl}/google/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?alt=json`,
      email: grant.email,
      address: input.address,
      token: input.token ?? null,
      expirationMs: Math.min(asked ?? now + defaultLifetimeMs, now + maxLifetimeMs),
      messageNumber: 0,
      stopped: false,
      createdMs: now,
    };
    store.channels.set(channel.id, channel);
    store.outbox.enqueue(() => notification(channel, "sync"));
    return c.json({
      kind: "api#channel",
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: channel.resourceUri,
      ...(channel.token === null ? {} : { token: channel.token }),
      expiration: String(channel.expirationMs),
    });
  });

  app.post("/calendar/v3/channels/stop", async (c) => {
    const grant = googleGrant(c, store);
    if (grant instanceof Response) return grant;
    const body = await readJson(c, stopInput);
    if (!body.success) return googleError(c, 400, "required", "Required parameter: id");
    const channel = store.channels.get(body.data.id);
    if (!channel || channel.stopped || channel.resourceId !== body.data.resourceId)
      return googleError(c, 404, "notFound", `Channel '${body.data.id}' not found for project '000000000000'`);
    channel.stopped = true;
    return c.body(null, 204);
  });
  return app;
}
