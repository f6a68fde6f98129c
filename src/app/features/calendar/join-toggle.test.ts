import { describe, expect, it, vi } from "vitest";
import { ApiError } from "~/app/api/api-client";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { createFetchPause } from "./fetch-pause";
import { canSendNow, type JoinToggleDeps, saveJoinToggle } from "./join-toggle";

const minute = 60_000;
const now = Date.UTC(2026, 10, 25, 10, 0);

function calendarEvent(data: Partial<CalendarEvent["data"]> = {}): CalendarEvent {
  return {
    id: "row-1",
    data: {
      eventId: "evt-1",
      calendarId: "8e7c6d1a-0000-4000-8000-000000000001",
      calendarPlatform: "google_calendar",
      title: "Design review",
      start: new Date(now + 30 * minute).toISOString(),
      end: new Date(now + 60 * minute).toISOString(),
      isAllDay: false,
      isCancelled: false,
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      meetingPlatform: "google_meet",
      JoinEnabled: false,
      joinSetting: null,
      joinBlockedReason: null,
      sentBotManually: null,
      scheduledAt: null,
      skipReason: null,
      bot: null,
      ...data,
    },
  };
}

function deps(save: JoinToggleDeps["save"]) {
  const onResume = vi.fn();
  const pending: (boolean | undefined)[] = [];
  const pausedWhileSaving: boolean[] = [];
  const pause = createFetchPause(onResume);
  const value: JoinToggleDeps = {
    pause,
    save: (ref, isEnabled) => {
      pausedWhileSaving.push(pause.isPaused());
      return save(ref, isEnabled);
    },
    setPending: (_, next) => pending.push(next),
    onSaved: vi.fn(),
    alert: vi.fn(),
  };
  return { value, onResume, pending, pausedWhileSaving, pause };
}

describe("an event's join toggle", () => {
  it("shows the new value at once, pauses fetching while saving, then shows the saved event and resumes", async () => {
    const saved = calendarEvent({ JoinEnabled: true, joinSetting: true });
    const save = vi.fn(async () => saved);
    const { value, onResume, pending, pausedWhileSaving, pause } = deps(save);
    await saveJoinToggle(calendarEvent(), true, value);
    expect(save).toHaveBeenCalledWith({ calendarId: "8e7c6d1a-0000-4000-8000-000000000001", eventId: "evt-1" }, true);
    expect(pausedWhileSaving).toEqual([true]);
    expect(pending).toEqual([true, undefined]);
    expect(value.onSaved).toHaveBeenCalledWith(saved);
    expect(value.alert).not.toHaveBeenCalled();
    expect(pause.isPaused()).toBe(false);
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it("goes back to the saved value with failedToEnableDisableJoin when the call fails", async () => {
    const { value, pending, pause } = deps(async () => {
      throw new ApiError(500, null, "boom");
    });
    await saveJoinToggle(calendarEvent(), true, value);
    expect(pending).toEqual([true, undefined]);
    expect(value.onSaved).not.toHaveBeenCalled();
    expect(value.alert).toHaveBeenCalledWith("calendar:errors.failedToEnableDisableJoin");
    expect(pause.isPaused()).toBe(false);
  });

  it("is silent on HTTP 402 (the app's 402 handler shows the paywall or the limit)", async () => {
    const { value, pending } = deps(async () => {
      throw new ApiError(402, "USAGE_LIMIT", "limit", {}, true);
    });
    await saveJoinToggle(calendarEvent(), true, value);
    expect(pending).toEqual([true, undefined]);
    expect(value.alert).not.toHaveBeenCalled();
  });

  it("keeps fetching paused while another reason remains", async () => {
    const { value, onResume, pause } = deps(async () => calendarEvent());
    pause.pause("hidden");
    await saveJoinToggle(calendarEvent(), false, value);
    expect(pause.reasons()).toEqual(["hidden"]);
    expect(onResume).not.toHaveBeenCalled();
  });
});

describe("Send now", () => {
  it("is offered from 10 minutes before the start until the end", () => {
    const soon = calendarEvent({ start: new Date(now + 10 * minute).toISOString(), end: new Date(now + 40 * minute).toISOString() });
    expect(canSendNow(soon, now)).toBe(true);
    expect(canSendNow(soon, now - 1)).toBe(false);
    expect(canSendNow(soon, now + 39 * minute)).toBe(true);
    expect(canSendNow(soon, now + 40 * minute)).toBe(false);
  });

  it("is not offered without a link, for all-day or cancelled events, once sent, or with a bot still at work", () => {
    const live = { start: new Date(now - minute).toISOString(), end: new Date(now + 30 * minute).toISOString() };
    expect(canSendNow(calendarEvent({ ...live }), now)).toBe(true);
    expect(canSendNow(calendarEvent({ ...live, meetingUrl: null }), now)).toBe(false);
    expect(canSendNow(calendarEvent({ ...live, isAllDay: true }), now)).toBe(false);
    expect(canSendNow(calendarEvent({ ...live, isCancelled: true }), now)).toBe(false);
    expect(canSendNow(calendarEvent({ ...live, sentBotManually: "sent" }), now)).toBe(false);
    const bot = { noteId: "n1", code: "in_call_recording", subcode: null, isFinal: false };
    expect(canSendNow(calendarEvent({ ...live, bot }), now)).toBe(false);
    expect(canSendNow(calendarEvent({ ...live, bot: { ...bot, code: "done", isFinal: true } }), now)).toBe(true);
  });
});
