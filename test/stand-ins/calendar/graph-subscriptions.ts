import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { graphError, graphGrant } from "./graph-errors";
import { readJson, type StandInContext, type StandInEnv } from "./http";
import { graphUserId, tenantId } from "./identity";
import type { DeliveryRequest } from "./outbox";
import type { CalendarStore, EventChange, Subscription } from "./store";

// Graph change notifications (research 2.2). Creating a subscription first runs the validation
// handshake against the app (POST notificationUrl?validationToken=…, answer 200 text/plain with the
// token within 10 s); then each change to the account's events POSTs {value:[…]} with clientState.

const createInput = z.object({
  changeType: z.string().min(1),
  notificationUrl: z.url(),
  lifecycleNotificationUrl: z.url().optional(),
  resource: z.string().min(1),
  expirationDateTime: z.string(),
  clientState: z.string().max(128).optional(),
  latestSupportedTlsVersion: z.string().optional(),
  includeResourceData: z.boolean().optional(),
});
const renewInput = z.object({ expirationDateTime: z.string() });

/** Outlook event subscriptions live at most 4230 minutes (just under three days). */
export const maxSubscriptionMinutes = 4230;
const changeTypes = ["created", "updated", "deleted"];
const isLive = (subscription: Subscription) => !subscription.deleted && subscription.expirationMs > Date.now();

function eventResource(resource: string, email: string): boolean {
  const path = resource.replace(/^\//, "").toLowerCase();
  const user = /^users\/([^/]+)\/(?:calendar\/)?events$/.exec(path)?.[1];
  return path === "me/events" || path === "me/calendar/events" || user === email.toLowerCase() || user === graphUserId(email);
}

/** The expiration, or Graph's 400 when unreadable, past, or beyond 4230 minutes. */
function expiration(c: StandInContext, value: string): number | Response {
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms <= Date.now())
    return graphError(c, 400, "InvalidRequest", "Subscription expiration must be a future date and time.");
  if (ms > Date.now() + maxSubscriptionMinutes * 60_000)
    return graphError(c, 400, "InvalidRequest", `Subscription expiration can only be ${maxSubscriptionMinutes} minutes in the future.`);
  return ms;
}

export function graphSubscriptionRoutes(store: CalendarStore): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();
  const json = (subscription: Subscription) => ({
    "@odata.context": `${store.baseUrl}/graph/v1.0/$metadata#subscriptions/$entity`,
    id: subscription.id,
    resource: subscription.resource,
    applicationId: subscription.applicationId,
    changeType: subscription.changeTypes.join(","),
    clientState: subscription.clientState,
    notificationUrl: subscription.notificationUrl,
    notificationQueryOptions: null,
    lifecycleNotificationUrl: subscription.lifecycleNotificationUrl,
    // Graph writes seven fractional digits.
    expirationDateTime: new Date(subscription.expirationMs).toISOString().replace(/Z$/, "0000Z"),
    creatorId: subscription.creatorId,
    includeResourceData: false,
    latestSupportedTlsVersion: "v1_2",
    encryptionCertificate: null,
    encryptionCertificateId: null,
    notificationUrlAppId: null,
  });

  /** The handshake: the app must echo the token as text/plain with 200 within 10 s. */
  const validate = async (url: string, email: string): Promise<string | null> => {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
    const target = new URL(url);
    target.searchParams.set("validationToken", token);
    const { delivery, responseText, contentType } = await store.outbox.post({
      provider: "microsoft",
      kind: "subscription-validation",
      email,
      url: target.toString(),
      channelId: null,
      subscriptionId: null,
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: "",
    });
    if (delivery.status === 0) return "Subscription validation request timed out or the endpoint could not be reached.";
    if (delivery.status !== 200)
      return `Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.`;
    if (!contentType.toLowerCase().startsWith("text/plain") || responseText !== token)
      return "Subscription validation request failed. Response must exactly match validationToken query parameter.";
    return null;
  };

  app.post("/v1.0/subscriptions", async (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const body = await readJson(c, createInput);
    if (!body.success) return graphError(c, 400, "InvalidRequest", `Invalid subscription: ${z.prettifyError(body.error)}`);
    const input = body.data;
    const types = input.changeType.split(",").map((type) => type.trim());
    if (!types.every((type) => changeTypes.includes(type)))
      return graphError(c, 400, "InvalidRequest", `Invalid changeType: ${input.changeType}`);
    if (!eventResource(input.resource, grant.email))
      return graphError(c, 400, "ExtensionError", `Resource '${input.resource}' is not supported by the stand-in (me/events).`);
    const expires = expiration(c, input.expirationDateTime);
    if (expires instanceof Response) return expires;
    for (const url of [input.notificationUrl, input.lifecycleNotificationUrl]) {
      const problem = url ? await validate(url, grant.email) : null;
      if (problem) return graphError(c, 400, "ValidationError", problem);
    }
    const subscription: Subscription = {
      id: randomUUID(),
      email: grant.email,
      resource: input.resource,
      changeTypes: types,
      notificationUrl: input.notificationUrl,
      lifecycleNotificationUrl: input.lifecycleNotificationUrl ?? null,
      clientState: input.clientState ?? null,
      expirationMs: expires,
      applicationId: grant.clientId,
      creatorId: graphUserId(grant.email),
      deleted: false,
    };
    store.subscriptions.set(subscription.id, subscription);
    return c.json(json(subscription), 201);
  });

  const owned = (c: StandInContext, email: string) => {
    const subscription = store.subscriptions.get(c.req.param("id") ?? "");
    return subscription && !subscription.deleted && subscription.email.toLowerCase() === email.toLowerCase() ? subscription : null;
  };
  const notFound = (c: StandInContext) => graphError(c, 404, "ResourceNotFound", `The object was not found.`);

  app.get("/v1.0/subscriptions", (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const mine = [...store.subscriptions.values()].filter((s) => isLive(s) && s.email.toLowerCase() === grant.email.toLowerCase());
    return c.json({ "@odata.context": `${store.baseUrl}/graph/v1.0/$metadata#subscriptions`, value: mine.map(json) });
  });
  app.get("/v1.0/subscriptions/:id", (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const subscription = owned(c, grant.email);
    return subscription ? c.json(json(subscription)) : notFound(c);
  });
  app.patch("/v1.0/subscriptions/:id", async (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const subscription = owned(c, grant.email);
    if (!subscription) return notFound(c);
    const body = await readJson(c, renewInput);
    if (!body.success) return graphError(c, 400, "InvalidRequest", "expirationDateTime is required.");
    const expires = expiration(c, body.data.expirationDateTime);
    if (expires instanceof Response) return expires;
    subscription.expirationMs = expires;
    return c.json(json(subscription));
  });
  app.delete("/v1.0/subscriptions/:id", (c) => {
    const grant = graphGrant(c, store);
    if (grant instanceof Response) return grant;
    const subscription = owned(c, grant.email);
    if (!subscription) return notFound(c);
    subscription.deleted = true;
    return c.body(null, 204);
  });

  store.onChange((provider, email, changes) => {
    if (provider !== "microsoft") return;
    for (const subscription of store.subscriptions.values())
      if (isLive(subscription) && subscription.email.toLowerCase() === email.toLowerCase())
        queueNotifications(store, subscription, changes);
  });
  return app;
}

function queueNotifications(store: CalendarStore, subscription: Subscription, changes: EventChange[]): void {
  const userId = graphUserId(subscription.email);
  const wanted = changes.filter((change) => subscription.changeTypes.includes(change.changeType));
  // Graph batches notifications; a bulk seed arrives as a few POSTs of up to 100, not thousands.
  for (let start = 0; start < wanted.length; start += 100) {
    const batch = wanted.slice(start, start + 100);
    store.outbox.enqueue((): DeliveryRequest | null =>
      isLive(subscription)
        ? {
            provider: "microsoft",
            kind: "subscription-notification",
            email: subscription.email,
            url: subscription.notificationUrl,
            channelId: null,
            subscriptionId: subscription.id,
            headers: { "content-type": "application/json; charset=utf-8" },
            body: JSON.stringify({
              value: batch.map((change) => ({
                subscriptionId: subscription.id,
                subscriptionExpirationDateTime: new Date(subscription.expirationMs).toISOString(),
                changeType: change.changeType,
                resource: `Users/${userId}/Events/${change.eventId}`,
                resourceData: {
                  "@odata.type": "#Microsoft.Graph.Event",
                  "@odata.id": `Users/${userId}/Events/${change.eventId}`,
                  "@odata.etag": `W/"${Buffer.from(change.eventId.slice(-8)).toString("base64")}"`,
                  id: change.eventId,
                },
                clientState: subscription.clientState,
                tenantId,
              })),
            }),
          }
        : null,
    );
  }
}

/** When access is revoked, Graph removes the person's subscriptions and says so at lifecycleNotificationUrl. */
export function removeSubscriptionsOf(store: CalendarStore, email: string): void {
  for (const subscription of store.subscriptions.values()) {
    if (!isLive(subscription) || subscription.email.toLowerCase() !== email.toLowerCase()) continue;
    subscription.deleted = true;
    const url = subscription.lifecycleNotificationUrl;
    if (!url) continue;
    store.outbox.enqueue(() => ({
      provider: "microsoft",
      kind: "lifecycle",
      email: subscription.email,
      url,
      channelId: null,
      subscriptionId: subscription.id,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({
        value: [
          {
            subscriptionId: subscription.id,
            subscriptionExpirationDateTime: new Date(subscription.expirationMs).toISOString(),
            tenantId,
            clientState: subscription.clientState,
            lifecycleEvent: "subscriptionRemoved",
          },
        ],
      }),
    }));
  }
}
