import { lt, sql } from "drizzle-orm";
import { analyticsEvents, analyticsSignatures, analyticsUsers } from "~/infra/db/analytics-schema";
import { type Database, queryRows } from "~/infra/db/client";
import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import type { UserWebInput } from "~/shared/analytics/gateway-contract";

// The analytics gateway's writes (issue 20). Events are the gateway's own data, keyed by analytics ids,
// not by product users: the "scoped to the user" rule of the product API does not apply to a write-only
// ingest that never reads back what a caller stored.

export interface SignedWrite {
  /** The request's rs (interpretations 26): a second write with it is a replay. */
  signature: string;
  keyId: string;
}

/** The key/value list of spec section 3 as one object (a later duplicate key wins). */
function propertiesObject(properties: AnalyticsEvent["properties"]): Record<string, string> {
  return Object.fromEntries(properties.map(({ key, value }) => [key, value]));
}

/**
 * Stores a POST /log/web batch and its signature in one statement (one round trip): the events are
 * inserted only when the signature row is new, so a replay stores nothing, and a failed insert leaves no
 * signature behind, so the client's retry (a new ts, a new rs) still lands.
 */
export async function storeSignedBatch(
  db: Database,
  input: SignedWrite & { events: readonly AnalyticsEvent[]; sdkVersion: string | null },
): Promise<"stored" | "replay"> {
  const rows = input.events.map((event) => ({ ...event, properties: propertiesObject(event.properties) }));
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
      with fresh as (
        insert into ${analyticsSignatures} (signature) values (${input.signature})
        on conflict do nothing returning signature
      )
      insert into ${analyticsEvents} (user_id, type, app_id, version, result, session_id, event_group, event_name,
        event_time, duration, event_category, page, properties, sdk_version, key_id)
      select e.user_id, e.type, e.app_id, e.version, e.result, e.session_id, e.event_group, e.event_name,
        e.event_time, e.duration, e.event_category, e.page, e.properties, ${input.sdkVersion}, ${input.keyId}
      from fresh, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(user_id text, type text, app_id text,
        version text, result smallint, session_id text, event_group text, event_name text, event_time bigint,
        duration integer, event_category text, page text, properties jsonb)
      returning id`,
  );
  return inserted.length === 0 ? "replay" : "stored";
}

/** One INSERT for a whole batch: the product API's session-checked alias (no signature there). */
export async function storeAnalyticsEvents(
  db: Pick<Database, "insert">,
  input: { events: readonly AnalyticsEvent[]; sdkVersion: string | null; keyId: string },
): Promise<void> {
  await db.insert(analyticsEvents).values(
    input.events.map((event) => ({
      userId: event.user_id,
      type: event.type,
      appId: event.app_id,
      version: event.version,
      result: event.result,
      sessionId: event.session_id,
      eventGroup: event.event_group,
      eventName: event.event_name,
      eventTime: event.event_time,
      duration: event.duration,
      eventCategory: event.event_category,
      page: event.page,
      properties: propertiesObject(event.properties),
      sdkVersion: input.sdkVersion,
      keyId: input.keyId,
    })),
  );
}

/** POST /user/web: one row per analytics user and app, updated in place by later calls. */
export async function upsertSignedAnalyticsUser(db: Database, input: SignedWrite & { user: UserWebInput }): Promise<"stored" | "replay"> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(analyticsSignatures)
      .values({ signature: input.signature })
      .onConflictDoNothing()
      .returning({ signature: analyticsSignatures.signature });
    if (fresh.length === 0) return "replay";
    const { user } = input;
    const values = {
      version: user.version,
      operatingSystem: user.operating_system,
      trackerName: user.tracker_name ?? null,
      properties: user.properties,
      accountId: user.account_id ?? null,
      keyId: input.keyId,
    };
    await tx
      .insert(analyticsUsers)
      .values({ userId: user.user_id, appId: user.app_id, ...values })
      .onConflictDoUpdate({ target: [analyticsUsers.userId, analyticsUsers.appId], set: { ...values, updatedAt: sql`now()` } });
    return "stored";
  });
}

/** Forgets signatures seen before `before`: their timestamps are outside the window and refused anyway. */
export async function pruneSignatures(db: Database, before: Date): Promise<void> {
  await db.delete(analyticsSignatures).where(lt(analyticsSignatures.seenAt, before));
}
