import { describe, expect, it } from "vitest";
import type { CalendarEventWithBot } from "./data";
import { joinBlockedReasonOf, toCalendarEventView, wantsBot } from "./event-view";
import { outageDelaySeconds, pollScheduleExpression } from "./jobs";

const now = new Date("2026-11-25T12:00:00Z");
const event = (changes: Partial<CalendarEventWithBot> = {}): CalendarEventWithBot => ({
  id: "11111111-1111-4111-8111-111111111111",
  userId: "u1",
  connectionId: "22222222-2222-4222-8222-222222222222",
  providerEventId: "evt-1",
  title: "Planning",
  startsAt: new Date("2026-11-25T13:00:00Z"),
  endsAt: new Date("2026-11-25T14:00:00Z"),
  isAllDay: false,
  isCancelled: false,
  meetingUrl: "https://meet.google.com/abc-defg-hij",
  meetingPlatform: "google_meet",
  attendees: [],
  organizerEmail: null,
  joinEnabled: null,
  sentBotManually: null,
  noteId: null,
  skipReason: null,
  dispatchClaimedAt: null,
  recapSentAt: null,
  createdAt: now,
  updatedAt: now,
  meeting: null,
  ...changes,
});
const view = (changes: Partial<CalendarEventWithBot>, autoJoin = false, at = now) =>
  toCalendarEventView(event(changes), { platform: "google_calendar", autoJoin, now: at }).data;

describe("calendar event view", () => {
  it("follows auto-join unless the event has its own toggle, and schedules the bot a minute early", () => {
    expect(view({}, false)).toMatchObject({ JoinEnabled: false, joinSetting: null, scheduledAt: null });
    expect(view({}, true)).toMatchObject({ JoinEnabled: true, scheduledAt: "2026-11-25T12:59:00.000Z" });
    expect(view({ joinEnabled: false }, true)).toMatchObject({ JoinEnabled: false, joinSetting: false, scheduledAt: null });
    expect(view({ joinEnabled: true }, false)).toMatchObject({ JoinEnabled: true, eventId: "evt-1", calendarPlatform: "google_calendar" });
  });

  it("blocks cancelled, all-day, linkless and ended events, in that order, whatever the toggles say", () => {
    expect(view({ isCancelled: true, isAllDay: true, joinEnabled: true })).toMatchObject({
      JoinEnabled: false,
      joinBlockedReason: "cancelled",
    });
    expect(view({ isAllDay: true, meetingUrl: null }, true)).toMatchObject({ joinBlockedReason: "all_day", scheduledAt: null });
    expect(view({ meetingUrl: null }, true).joinBlockedReason).toBe("no_meeting_link");
    const ended = event({ endsAt: new Date("2026-11-25T11:59:00Z"), startsAt: new Date("2026-11-25T11:00:00Z") });
    expect(joinBlockedReasonOf(ended, now)).toBe("ended");
    expect(wantsBot(ended, true, now)).toBe(false);
  });

  it("stops scheduling once the event is over 10 minutes under way, has a bot, or was skipped", () => {
    const started = { startsAt: new Date("2026-11-25T11:45:00Z") };
    expect(view(started, true).scheduledAt).toBeNull();
    expect(view({ startsAt: new Date("2026-11-25T11:55:00Z") }, true).scheduledAt).toBe("2026-11-25T11:54:00.000Z");
    expect(view({ skipReason: "usage_limit" }, true)).toMatchObject({ scheduledAt: null, skipReason: "usage_limit" });
    expect(view({ skipReason: "something else" }, true).skipReason).toBeNull();
  });

  it("carries the bot's live status from its note", () => {
    const noteId = "33333333-3333-4333-8333-333333333333";
    expect(view({ noteId, meeting: { code: "in_call_recording", subcode: null }, sentBotManually: "sent" }, true)).toMatchObject({
      bot: { noteId, code: "in_call_recording", subcode: null, isFinal: false },
      sentBotManually: "sent",
      scheduledAt: null,
    });
    expect(view({ noteId, meeting: { code: "done", subcode: "call_ended" } }).bot).toMatchObject({ isFinal: true });
    expect(view({ noteId, meeting: null }).bot).toEqual({ noteId, code: null, subcode: null, isFinal: false });
  });
});

describe("calendar job timing", () => {
  it("polls with cron when the interval divides an hour or a day, else with an RRULE from a fixed start", () => {
    expect(pollScheduleExpression(1)).toBe("* * * * *");
    expect(pollScheduleExpression(5)).toBe("*/5 * * * *");
    expect(pollScheduleExpression(60)).toBe("0 * * * *");
    expect(pollScheduleExpression(180)).toBe("0 */3 * * *");
    expect(pollScheduleExpression(7)).toBe("DTSTART:20000101T000000Z\nRRULE:FREQ=MINUTELY;INTERVAL=7");
    expect(pollScheduleExpression(90)).toContain("INTERVAL=90");
  });

  it("waits Retry-After when the provider says, else backs off from 30 s to at most 15 minutes", () => {
    expect(outageDelaySeconds(5, 0)).toBe(5);
    expect(outageDelaySeconds(null, 0)).toBe(30);
    expect(outageDelaySeconds(null, 2)).toBe(120);
    expect(outageDelaySeconds(null, 50)).toBe(900);
    expect(outageDelaySeconds(7200, 0)).toBe(900);
  });
});
