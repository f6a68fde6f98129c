import { ApiError } from "~/app/api/api-client";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import type { FetchPause } from "./fetch-pause";
import type { EventRef } from "./queries";

export interface JoinToggleDeps {
  pause: FetchPause;
  save(ref: EventRef, isEnabled: boolean): Promise<CalendarEvent>;
  /** The value shown while the call is in flight; undefined when it is over (the saved value shows). */
  setPending(eventId: string, value: boolean | undefined): void;
  onSaved(event: CalendarEvent): void;
  alert(key: string): void;
}

/**
 * An event's join toggle: the new value shows at once; event fetching pauses while the call is in flight
 * (a poll would put the old value back); on success the event as saved replaces it, on failure the shown
 * value goes back with failedToEnableDisableJoin, except on HTTP 402, which the app's 402 handler answers
 * (paywall or limit, spec section 8). Fetching resumes when the call is over.
 */
export async function saveJoinToggle(event: CalendarEvent, isEnabled: boolean, deps: JoinToggleDeps): Promise<void> {
  const reason = `toggle:${event.id}` as const;
  deps.pause.pause(reason);
  deps.setPending(event.id, isEnabled);
  try {
    deps.onSaved(await deps.save({ calendarId: event.data.calendarId, eventId: event.data.eventId }, isEnabled));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 402)) deps.alert("calendar:errors.failedToEnableDisableJoin");
  } finally {
    deps.setPending(event.id, undefined);
    deps.pause.resume(reason);
  }
}

/** Send now is offered from this long before the start (the window of GET /event/active) until the end. */
const sendNowLeadMs = 10 * 60_000;

/** Whether "Send now" makes sense: a joinable meeting in progress or starting soon, with no bot on it. */
export function canSendNow(event: CalendarEvent, now: number): boolean {
  const { data } = event;
  if (!data.meetingUrl || data.isAllDay || data.isCancelled || data.sentBotManually === "sent") return false;
  if (data.bot && !data.bot.isFinal) return false;
  return now >= new Date(data.start).getTime() - sendNowLeadMs && now < new Date(data.end).getTime();
}
