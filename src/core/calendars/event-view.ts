import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import {
  type AutoJoinSkipReason,
  autoJoinLateMinutes,
  autoJoinLeadSeconds,
  autoJoinSkipReasons,
  type CalendarPlatform,
  type JoinBlockedReason,
} from "~/shared/calendars/calendar-platforms";
import { isFinalMeeting } from "~/shared/notes/statuses";
import type { CalendarEventWithBot } from "./data";

// A stored event as the calendar view shows it (spec section 3 "Calendar event", issue 18): whether the
// notetaker goes (its own toggle, else auto-join; never when blocked), why not, when it will be sent, and
// the live status of the bot sent for it. Pure: the clock is an argument.

/** Why the event cannot be joined, in the order the view explains them; null when it can. */
export function joinBlockedReasonOf(
  event: Pick<CalendarEventWithBot, "isCancelled" | "isAllDay" | "meetingUrl" | "endsAt">,
  now: Date,
): JoinBlockedReason | null {
  if (event.isCancelled) return "cancelled";
  if (event.isAllDay) return "all_day";
  if (!event.meetingUrl) return "no_meeting_link";
  if (event.endsAt.getTime() <= now.getTime()) return "ended";
  return null;
}

/** Whether the notetaker should go to this event: its own toggle, else auto-join; never when blocked. */
export function wantsBot(
  event: Pick<CalendarEventWithBot, "isCancelled" | "isAllDay" | "meetingUrl" | "endsAt" | "joinEnabled">,
  autoJoin: boolean,
  now: Date,
): boolean {
  return joinBlockedReasonOf(event, now) === null && (event.joinEnabled ?? autoJoin);
}

const isSkipReason = (value: string | null): value is AutoJoinSkipReason =>
  value !== null && (autoJoinSkipReasons as readonly string[]).includes(value);

export function toCalendarEventView(
  event: CalendarEventWithBot,
  { platform, autoJoin, now }: { platform: CalendarPlatform; autoJoin: boolean; now: Date },
): CalendarEvent {
  const blocked = joinBlockedReasonOf(event, now);
  const isEnabled = blocked === null && (event.joinEnabled ?? autoJoin);
  const skipReason = isSkipReason(event.skipReason) ? event.skipReason : null;
  const isTooLate = now.getTime() > event.startsAt.getTime() + autoJoinLateMinutes * 60_000;
  const isDue = isEnabled && !event.noteId && !skipReason && !isTooLate;
  return {
    id: event.id,
    data: {
      eventId: event.providerEventId,
      calendarId: event.connectionId,
      calendarPlatform: platform,
      title: event.title,
      start: event.startsAt.toISOString(),
      end: event.endsAt.toISOString(),
      isAllDay: event.isAllDay,
      isCancelled: event.isCancelled,
      meetingUrl: event.meetingUrl,
      meetingPlatform: event.meetingPlatform ?? null,
      JoinEnabled: isEnabled,
      joinSetting: event.joinEnabled,
      joinBlockedReason: blocked,
      sentBotManually: event.sentBotManually === "sent" ? "sent" : null,
      scheduledAt: isDue ? new Date(event.startsAt.getTime() - autoJoinLeadSeconds * 1000).toISOString() : null,
      skipReason,
      bot: event.noteId
        ? {
            noteId: event.noteId,
            code: event.meeting?.code ?? null,
            subcode: event.meeting?.subcode ?? null,
            isFinal: event.meeting ? isFinalMeeting(event.meeting.code) : false,
          }
        : null,
    },
  };
}
