import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { ProviderEvent } from "~/infra/calendar/provider-event";
import { userData } from "~/infra/db/auth-schema";
import { calendarConnections, calendarEvents, calendarPreferences, oauthStates } from "~/infra/db/calendar-schema";
import type { Database } from "~/infra/db/client";
import type { CalendarPreferences } from "~/shared/calendars/calendar-api";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import { type CalendarConnectionRow, defaultPreferences } from "./data";

// Writes of calendar connections, their events, OAuth round trips and preferences. Every write names the
// user (or a connection id the caller read for that user).

/** An OAuth round trip is good for this long (issue 18: state single use, at most 10 minutes). */
export const oauthStateTtlMs = 10 * 60 * 1000;

export async function saveOAuthState(
  db: Database,
  input: { state: string; userId: string; provider: string; codeVerifier: string; returnUrl: string },
): Promise<void> {
  // Sweep the user's stale round trips while here (abandoned consent screens).
  await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.userId, input.userId), lt(oauthStates.createdAt, new Date(Date.now() - oauthStateTtlMs))));
  await db.insert(oauthStates).values(input);
}

/** Takes the round trip out (single use: a replay finds nothing); null when unknown, expired or another user's. */
export async function consumeOAuthState(
  db: Database,
  { state, userId, provider }: { state: string; userId: string; provider: string },
): Promise<{ codeVerifier: string; returnUrl: string } | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning();
  if (!row || Date.now() - row.createdAt.getTime() > oauthStateTtlMs) return null;
  return { codeVerifier: row.codeVerifier, returnUrl: row.returnUrl };
}

function integrationFlag(platform: CalendarPlatform, value: boolean) {
  return JSON.stringify({ [platform]: value });
}

/**
 * A connected (or reconnected) account: tokens sealed by the caller, a fresh sync cursor, status active;
 * the user's integrations.{platform} and the onboarding flag calendarConnected (interpretations 23) set.
 */
export async function saveConnection(
  db: Database,
  input: {
    userId: string;
    platform: CalendarPlatform;
    accountEmail: string | null;
    refreshTokenEnc: string;
    accessTokenEnc: string;
    accessTokenExpiresAt: Date;
  },
): Promise<CalendarConnectionRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // A new grant starts over: a full sync (no cursor) that the page can wait for (lastSyncedAt null), and a
    // push channel of its own (the caller stopped the old one).
    const values = {
      pushId: null,
      pushResourceId: null,
      pushSecret: null,
      pushExpiresAt: null,
      ...input,
      status: "active" as const,
      syncCursor: null,
      lastSyncedAt: null,
      syncDelayedSince: null,
      syncError: null,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(calendarConnections)
      .values(values)
      .onConflictDoUpdate({ target: [calendarConnections.userId, calendarConnections.platform], set: values })
      .returning();
    if (!row) throw new Error("calendar connection not saved");
    await tx
      .insert(userData)
      .values({ userId: input.userId, integrations: { [input.platform]: true }, onboarding: { calendarConnected: true } })
      .onConflictDoUpdate({
        target: userData.userId,
        set: {
          integrations: sql`${userData.integrations} || ${integrationFlag(input.platform, true)}::jsonb`,
          onboarding: sql`${userData.onboarding} || '{"calendarConnected":true}'::jsonb`,
          updatedAt: now,
        },
      });
    return row;
  });
}

export async function saveTokens(
  db: Database,
  {
    connectionId,
    accessTokenEnc,
    accessTokenExpiresAt,
    refreshTokenEnc,
  }: {
    connectionId: string;
    accessTokenEnc: string;
    accessTokenExpiresAt: Date;
    /** Microsoft rotates refresh tokens: the new one replaces the old; null keeps it (Google). */
    refreshTokenEnc: string | null;
  },
): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ accessTokenEnc, accessTokenExpiresAt, ...(refreshTokenEnc ? { refreshTokenEnc } : {}), updatedAt: new Date() })
    .where(eq(calendarConnections.id, connectionId));
}

/** The provider refused the grant: shown as "reconnect" (decision 024); push and cursor are dropped. */
export async function markReconnect(db: Database, { connectionId, reason }: { connectionId: string; reason: string }): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ status: "reconnect", syncError: reason.slice(0, 500), accessTokenEnc: null, syncCursor: null, updatedAt: new Date() })
    .where(eq(calendarConnections.id, connectionId));
}

export async function markSyncDelayed(db: Database, { connectionId, reason }: { connectionId: string; reason: string }): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ syncDelayedSince: sql`coalesce(${calendarConnections.syncDelayedSince}, now())`, syncError: reason.slice(0, 500) })
    .where(eq(calendarConnections.id, connectionId));
}

export async function saveSyncDone(
  db: Database,
  { connectionId, cursor, window }: { connectionId: string; cursor: string | null; window: { start: Date; end: Date } | null },
): Promise<void> {
  const now = new Date();
  await db
    .update(calendarConnections)
    .set({
      syncCursor: cursor,
      ...(window ? { syncWindowStart: window.start, syncWindowEnd: window.end } : {}),
      lastSyncedAt: now,
      syncDelayedSince: null,
      syncError: null,
      updatedAt: now,
    })
    .where(eq(calendarConnections.id, connectionId));
}

export async function clearSyncCursor(db: Database, { connectionId }: { connectionId: string }): Promise<void> {
  await db.update(calendarConnections).set({ syncCursor: null }).where(eq(calendarConnections.id, connectionId));
}

/**
 * One page of events in one statement (a 5,000-event calendar is 20-50 of these): new ones inserted,
 * known ones updated in place so the user's toggle and the bot's note stay with the event. `seenAt`
 * stamps updatedAt, which the full sync's sweep reads.
 */
export async function upsertEvents(
  db: Database,
  { userId, connectionId, events, seenAt }: { userId: string; connectionId: string; events: ProviderEvent[]; seenAt: Date },
): Promise<void> {
  if (events.length === 0) return;
  // A page may list an instance twice (Graph delta does when it changes mid-walk): the last one wins.
  const unique = [...new Map(events.map((event) => [event.providerEventId, event])).values()];
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(calendarEvents)
    .values(unique.map((event) => ({ ...event, userId, connectionId, updatedAt: seenAt })))
    .onConflictDoUpdate({
      target: [calendarEvents.connectionId, calendarEvents.providerEventId],
      set: {
        title: excluded("title"),
        startsAt: excluded("starts_at"),
        endsAt: excluded("ends_at"),
        isAllDay: excluded("is_all_day"),
        isCancelled: excluded("is_cancelled"),
        meetingUrl: excluded("meeting_url"),
        meetingPlatform: excluded("meeting_platform"),
        attendees: excluded("attendees"),
        organizerEmail: excluded("organizer_email"),
        updatedAt: excluded("updated_at"),
      },
    });
}

/** Events the provider removed: kept as cancelled, so a bot scheduled for them is called off and never sent. */
export async function cancelEvents(
  db: Database,
  { userId, connectionId, providerEventIds }: { userId: string; connectionId: string; providerEventIds: string[] },
): Promise<void> {
  if (providerEventIds.length === 0) return;
  await db
    .update(calendarEvents)
    .set({ isCancelled: true, updatedAt: new Date() })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.connectionId, connectionId),
        inArray(calendarEvents.providerEventId, providerEventIds),
      ),
    );
}

/** After a full sync: events in its window that the provider no longer lists are cancelled. */
export async function cancelEventsNotSeen(
  db: Database,
  { userId, connectionId, window, seenAt }: { userId: string; connectionId: string; window: { start: Date; end: Date }; seenAt: Date },
): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ isCancelled: true, updatedAt: new Date() })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.connectionId, connectionId),
        eq(calendarEvents.isCancelled, false),
        lt(calendarEvents.updatedAt, seenAt),
        lt(calendarEvents.startsAt, window.end),
        gt(calendarEvents.endsAt, window.start),
      ),
    );
}

export async function savePush(
  db: Database,
  input: {
    connectionId: string;
    pushId: string | null;
    pushResourceId: string | null;
    pushSecret: string | null;
    pushExpiresAt: Date | null;
  },
): Promise<void> {
  const { connectionId, ...push } = input;
  await db.update(calendarConnections).set(push).where(eq(calendarConnections.id, connectionId));
}

/** Forgets the connection: tokens, cursor and (by cascade) its events; integrations.{platform} false. */
export async function deleteConnection(db: Database, { userId, platform }: { userId: string; platform: CalendarPlatform }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(calendarConnections).where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.platform, platform)));
    await tx
      .update(userData)
      .set({ integrations: sql`${userData.integrations} || ${integrationFlag(platform, false)}::jsonb`, updatedAt: new Date() })
      .where(eq(userData.userId, userId));
  });
}

export async function updatePreferences(
  db: Database,
  {
    userId,
    changes,
    current = defaultPreferences,
  }: { userId: string; changes: Partial<CalendarPreferences>; current?: CalendarPreferences },
): Promise<CalendarPreferences> {
  const next = { ...current, ...changes };
  const [row] = await db
    .insert(calendarPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: calendarPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row ? { autoJoin: row.autoJoin, sendNotes: row.sendNotes, recapRecipients: row.recapRecipients } : next;
}

/** An event's own join toggle (null follows auto-join); false when the event is not the user's. */
export async function setEventJoin(
  db: Database,
  {
    userId,
    connectionId,
    providerEventId,
    joinEnabled,
  }: { userId: string; connectionId: string; providerEventId: string; joinEnabled: boolean | null },
): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ joinEnabled, updatedAt: new Date() })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.connectionId, connectionId),
        eq(calendarEvents.providerEventId, providerEventId),
      ),
    )
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}
