import { randomBytes, randomUUID } from "node:crypto";
import { type AccessTokenSource, CalendarApiError } from "~/infra/calendar/calendar-http";
import { accessTokenSource, googleClientOf, graphClientOf } from "./calendar-access";
import type { CalendarDeps } from "./calendar-deps";
import type { CalendarConnectionRow } from "./data";
import { savePush } from "./mutations";

// Push notifications (when CALENDAR_PUSH_URL is set): a Google channel (events.watch, token = a random
// secret) or a Graph subscription (clientState = the secret) per connection. Google channels cannot be
// renewed: a new one replaces the old, which is then stopped; Graph subscriptions are extended (PATCH).

const hourMs = 60 * 60 * 1000;
/** Google lets an events channel live up to about a week; asked for 7 days, renewed a day before. */
const googleChannelSeconds = 7 * 24 * 3600;
/** Graph's maximum for Outlook events is 4,230 minutes (under 3 days); a margin below it. */
const graphSubscriptionMs = 4_200 * 60 * 1000;
/** A channel or subscription ending within this is renewed by the poll. */
export const pushRenewWithinMs = 24 * hourMs;

export const pushPaths = { google_calendar: "/api/calendar/push/google", microsoft_outlook: "/api/calendar/push/microsoft" } as const;

/** Opens push for the connection, or renews it when it ends within a day; nothing in polling mode. */
export async function ensurePush(deps: CalendarDeps, connection: CalendarConnectionRow): Promise<void> {
  const pushUrl = deps.settings.pushUrl;
  if (!pushUrl || connection.status !== "active") return;
  const expiresAt = connection.pushExpiresAt?.getTime() ?? 0;
  if (connection.pushId && expiresAt - pushRenewWithinMs > Date.now()) return;
  const token = accessTokenSource(deps, connection);
  const address = `${pushUrl}${pushPaths[connection.platform]}`;
  if (connection.platform === "google_calendar") {
    const client = googleClientOf(deps, token);
    const secret = randomBytes(32).toString("base64url");
    const channel = await client.watch({ channelId: randomUUID(), address, token: secret, ttlSeconds: googleChannelSeconds });
    await savePush(deps.db, {
      connectionId: connection.id,
      pushId: channel.channelId,
      pushResourceId: channel.resourceId,
      pushSecret: secret,
      pushExpiresAt: channel.expiresAt,
    });
    if (connection.pushId && connection.pushResourceId) {
      await client.stopChannel({ channelId: connection.pushId, resourceId: connection.pushResourceId }).catch((error: unknown) => {
        deps.logger.warn({ err: error, connectionId: connection.id }, "old Google channel not stopped (it expires by itself)");
      });
    }
    return;
  }
  const client = graphClientOf(deps, token);
  const wanted = new Date(Date.now() + graphSubscriptionMs);
  if (connection.pushId && expiresAt > Date.now()) {
    try {
      const renewed = await client.renewSubscription(connection.pushId, wanted);
      await savePush(deps.db, { ...pushOf(connection), pushExpiresAt: renewed });
      return;
    } catch (error) {
      // Graph removed the subscription (the grant changed, an admin deleted it): a new one replaces it.
      if (!(error instanceof CalendarApiError && error.status === 404)) throw error;
    }
  }
  const secret = randomBytes(32).toString("base64url");
  const subscription = await client.subscribe({ notificationUrl: address, clientState: secret, expiresAt: wanted });
  await savePush(deps.db, {
    connectionId: connection.id,
    pushId: subscription.subscriptionId,
    pushResourceId: null,
    pushSecret: secret,
    pushExpiresAt: subscription.expiresAt,
  });
}

/**
 * Stops the channel or deletes the subscription (disconnect, reconnect); failures only logged: it expires
 * anyway. `token` overrides the stored grant (a reconnect stops the old channel with the new grant, the old
 * one being the refused one).
 */
export async function stopPush(deps: CalendarDeps, connection: CalendarConnectionRow, token?: AccessTokenSource): Promise<void> {
  if (!connection.pushId) return;
  try {
    token ??= accessTokenSource(deps, connection);
    if (connection.platform === "google_calendar") {
      if (connection.pushResourceId)
        await googleClientOf(deps, token).stopChannel({ channelId: connection.pushId, resourceId: connection.pushResourceId });
    } else await graphClientOf(deps, token).deleteSubscription(connection.pushId);
  } catch (error) {
    deps.logger.warn({ err: error, connectionId: connection.id }, "push channel not stopped (it expires by itself)");
  }
}

function pushOf(connection: CalendarConnectionRow) {
  return {
    connectionId: connection.id,
    pushId: connection.pushId,
    pushResourceId: connection.pushResourceId,
    pushSecret: connection.pushSecret,
  };
}
