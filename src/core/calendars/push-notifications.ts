import { timingSafeEqual } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { Database } from "~/infra/db/client";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import { findConnectionByPushId } from "./data";
import { enqueueCalendarSync } from "./jobs";

// What a push notification may do: queue a sync of the connection it names, and only when it carries that
// connection's secret (Google's channel token, Graph's clientState), compared in constant time. Nothing
// else is read from a notification: the sync asks the provider what changed.

export type PushVerdict = "queued" | "ignored" | "unknown" | "forged";

function sameSecret(given: string | undefined | null, expected: string | null): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function connectionFor(
  db: Database,
  platform: CalendarPlatform,
  pushId: string | undefined | null,
  secret: string | undefined | null,
) {
  if (!pushId) return { verdict: "unknown" as const };
  const connection = await findConnectionByPushId(db, { pushId });
  if (!connection || connection.platform !== platform || connection.status !== "active") return { verdict: "unknown" as const };
  if (!sameSecret(secret, connection.pushSecret)) return { verdict: "forged" as const };
  return { verdict: "ok" as const, connection };
}

/** A Google channel notification (headers only). `sync` is the channel's hello: nothing to do. */
export async function receiveGooglePush(
  { db, boss }: { db: Database; boss: PgBoss },
  headers: { channelId?: string; channelToken?: string; resourceState?: string },
): Promise<PushVerdict> {
  const found = await connectionFor(db, "google_calendar", headers.channelId, headers.channelToken);
  if (found.verdict !== "ok") return found.verdict;
  if (headers.resourceState === "sync") return "ignored";
  await enqueueCalendarSync(boss, { userId: found.connection.userId, connectionId: found.connection.id });
  return "queued";
}

export const graphNotificationsSchema = z.object({
  value: z
    .array(z.looseObject({ subscriptionId: z.string().max(200), clientState: z.string().max(256).nullish() }))
    .min(1)
    .max(1_000),
});

/**
 * A batch of Graph change notifications: every item must carry its subscription's clientState; one
 * forged item refuses the batch (it did not come from Graph). Each connection is synced once.
 */
export async function receiveGraphNotifications(
  { db, boss }: { db: Database; boss: PgBoss },
  body: z.infer<typeof graphNotificationsSchema>,
): Promise<PushVerdict> {
  const connections = new Map<string, string>();
  let hasUnknown = false;
  for (const item of body.value) {
    const found = await connectionFor(db, "microsoft_outlook", item.subscriptionId, item.clientState);
    if (found.verdict === "forged") return "forged";
    if (found.verdict === "unknown") hasUnknown = true;
    else connections.set(found.connection.id, found.connection.userId);
  }
  if (connections.size === 0) return hasUnknown ? "unknown" : "ignored";
  for (const [connectionId, userId] of connections) await enqueueCalendarSync(boss, { userId, connectionId });
  return "queued";
}
