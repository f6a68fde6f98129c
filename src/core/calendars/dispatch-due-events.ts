import type { PgBoss } from "pg-boss";
import { z } from "zod";
import { notifyCalendarChanged } from "~/infra/db/note-changes";
import type { Logger } from "~/infra/logging/logger";
import { enqueue, type JobDefinition } from "~/infra/queue/job-registry";
import { autoJoinLateMinutes } from "~/shared/calendars/calendar-platforms";
import { cancelBot } from "../meetings/cancel-bot";
import type { FinishBotDeps } from "../meetings/finish-bot";
import { type DueEvent, listDueEvents, listEventsWithStrayBots } from "./data/auto-join-scan";
import { attachEventNote, claimEventForDispatch, detachEventNote, releaseEventClaim, skipEvent } from "./mutations/auto-join-claims";
import { type SendEventBotDeps, sendEventBot } from "./send-event-bot";

// The automatic notetaker (issue 18): every minute (and right after a sync or a toggle) the events that
// want a bot and start within the next 90 seconds get one, through the same sendBot as a manual send.
// An event seen more than 10 minutes after its start is skipped and says so; a cancelled event cancels
// its bot; an event moved far ahead cancels its bot and lets the next runs send one at the new time; an
// event whose toggle the user turned off after its bot went out calls that bot off.

export const calendarDispatchJobName = "calendar.dispatch";
/** Sent when the start is this close: the bot is in the lobby about a minute early (runs are a minute apart). */
export const dispatchLeadMs = 90_000;
/** A bot sent for an event that now starts later than this is cancelled and sent again at the new time. */
export const movedAwayMs = 15 * 60_000;
/** A claim older than this belongs to a run that died: another run may take the event. */
const staleClaimMs = 2 * 60_000;

export interface DispatchDeps extends SendEventBotDeps, FinishBotDeps {
  logger: Logger;
  now?: () => Date;
}

export interface DispatchSummary {
  sent: number;
  skipped: number;
  cancelled: number;
}

async function dispatchOne(deps: DispatchDeps, event: DueEvent, now: Date, summary: DispatchSummary): Promise<void> {
  const ids = { userId: event.userId, eventId: event.id };
  const staleClaimBefore = new Date(now.getTime() - staleClaimMs);
  if (!(await claimEventForDispatch(deps.db, { ...ids, now, staleClaimBefore }))) return;
  if (event.startsAt.getTime() < now.getTime() - autoJoinLateMinutes * 60_000) {
    await skipEvent(deps.db, { ...ids, reason: "started_too_long_ago" });
    summary.skipped += 1;
    return;
  }
  try {
    await sendAndRecord(deps, event, summary);
  } catch (error) {
    await releaseEventClaim(deps.db, ids);
    throw error;
  }
  // The event now shows its bot or why it has none: open calendar pages refetch.
  await notifyCalendarChanged(deps.db, { userId: event.userId });
}

async function sendAndRecord(deps: DispatchDeps, event: DueEvent, summary: DispatchSummary): Promise<void> {
  const ids = { userId: event.userId, eventId: event.id };
  const result = await sendEventBot(deps, event);
  switch (result.kind) {
    case "sent":
      await attachEventNote(deps.db, { ...ids, noteId: result.noteId, isManual: false });
      summary.sent += 1;
      return;
    case "alreadyActive":
      // A bot is in that meeting already (sent by hand a moment ago): it is this event's bot.
      await attachEventNote(deps.db, { ...ids, noteId: result.noteId, isManual: false });
      return;
    case "limitReached":
      await skipEvent(deps.db, { ...ids, reason: "usage_limit" });
      summary.skipped += 1;
      return;
    case "invalidLink":
      await skipEvent(deps.db, { ...ids, reason: "invalid_link" });
      summary.skipped += 1;
      return;
  }
}

/** One run, for one user (after their sync) or everyone (the schedule). */
export async function dispatchDueEvents(deps: DispatchDeps, { userId }: { userId?: string } = {}): Promise<DispatchSummary> {
  const now = deps.now?.() ?? new Date();
  const summary: DispatchSummary = { sent: 0, skipped: 0, cancelled: 0 };
  for (const stray of await listEventsWithStrayBots(deps.db, { userId, movedAfter: new Date(now.getTime() + movedAwayMs) })) {
    const outcome = await cancelBot(deps, { userId: stray.userId, noteId: stray.noteId });
    if (outcome === "requested") summary.cancelled += 1;
    // A cancelled event keeps its note (the event says what happened); a moved one (or one turned off and
    // on again) is sent again when due.
    if (!stray.isCancelled) await detachEventNote(deps.db, { userId: stray.userId, eventId: stray.id, noteId: stray.noteId });
  }
  const due = await listDueEvents(deps.db, {
    userId,
    now,
    dueBy: new Date(now.getTime() + dispatchLeadMs),
    staleClaimBefore: new Date(now.getTime() - staleClaimMs),
  });
  let failure: unknown = null;
  for (const event of due) {
    // One user's failure (a database blip on their send) must not keep everyone else's bots home.
    await dispatchOne(deps, event, now, summary).catch((error: unknown) => {
      deps.logger.error({ err: error, eventId: event.id }, "calendar dispatch failed for an event");
      failure ??= error;
    });
  }
  if (summary.sent + summary.skipped + summary.cancelled > 0) deps.logger.info({ userId, ...summary }, "calendar dispatch");
  if (failure) throw failure;
  return summary;
}

const dispatchInput = z.object({ userId: z.string().min(1).optional() }).strict();
type DispatchInput = z.infer<typeof dispatchInput>;

/** After a sync or a toggle: that user's due events now, rather than at the next minute. */
export function enqueueDispatch(boss: PgBoss, { userId }: { userId: string }): Promise<string | null> {
  return enqueue(boss, { name: calendarDispatchJobName, payload: dispatchInput }, { userId }, { singletonKey: userId });
}

/**
 * The `calendar.dispatch` job, scheduled every minute for everyone. Retried once quickly: a run that
 * failed is replaced by the next minute's anyway; expiry well under a minute keeps runs from piling up.
 */
export function calendarDispatchJob(deps: DispatchDeps): JobDefinition<DispatchInput> {
  return {
    name: calendarDispatchJobName,
    payload: dispatchInput,
    queue: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 55 },
    schedule: { cron: "* * * * *", payload: {} },
    handle: async (payload) => {
      await dispatchDueEvents(deps, payload);
    },
  };
}
