import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { subscribeLiveEvent } from "~/app/api/live-events";
import { useNoteEvents } from "~/app/features/notes/use-note-events";
import { formProblem } from "~/app/features/shell/error-message";
import { pushAlert } from "~/app/ui/alert-store";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { saveJoinToggle } from "./join-toggle";
import { type EventRef, fetchEvents, sendBotToEvent, setEventJoin } from "./queries";
import { calendarLiveEvent } from "./use-calendar-settings";
import { useFetchPause } from "./use-fetch-pause";

/** Issue 18: events are re-read every 30 s while fetching is not paused. */
export const eventsRefreshMs = 30_000;

export interface CalendarEventsState {
  events: CalendarEvent[];
  isLoading: boolean;
  /** The value a join toggle shows while its call is in flight, by event id. */
  pendingJoin: ReadonlyMap<string, boolean>;
  sending: ReadonlySet<string>;
  isPaused: boolean;
  toggleJoin(event: CalendarEvent, isEnabled: boolean): Promise<void>;
  sendNow(event: CalendarEvent): Promise<void>;
  reload(): void;
}

const refOf = (event: CalendarEvent): EventRef => ({ calendarId: event.data.calendarId, eventId: event.data.eventId });

/**
 * The events of the view's window: read when the window changes, every 30 s, at once when a note of one
 * of them changes on the live stream (so a bot's status is live) and when fetching resumes after a pause.
 * spec section 8: a failed read shows 'Failed to fetch calendar events.' (once per run of failures, not
 * every 30 s); a failed join toggle is rolled back with failedToEnableDisableJoin, silent on HTTP 402.
 */
export function useCalendarEvents(
  range: { start: Date; end: Date } | null,
  /** Changes when the connections change (connected, disconnected): the events are read again. */
  connectionsKey = "",
): CalendarEventsState {
  const { t } = useTranslation("calendar");
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [isLoading, setLoading] = useState(range !== null);
  const [pendingJoin, setPendingJoin] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const startMs = range?.start.getTime() ?? null;
  const endMs = range?.end.getTime() ?? null;
  const request = useRef<AbortController | null>(null);
  const hasFailed = useRef(false);

  const load = useCallback(async () => {
    if (startMs === null || endMs === null) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const next = await fetchEvents({ start: new Date(startMs), end: new Date(endMs) }, controller.signal);
      if (controller.signal.aborted) return;
      hasFailed.current = false;
      setEvents(next);
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
      if (!hasFailed.current) pushAlert({ type: "error", message: { key: "calendar:errors.fetchEvents" } });
      hasFailed.current = true;
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  }, [startMs, endMs]);

  const { pause, isPaused } = useFetchPause(() => void load());

  // A new window: what was shown belongs to the old one.
  useEffect(() => {
    setEvents([]);
    setLoading(startMs !== null);
  }, [startMs]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: connectionsKey is the reason to read again.
  useEffect(() => {
    void load();
    return () => request.current?.abort();
  }, [load, connectionsKey]);

  useEffect(() => {
    if (isPaused || startMs === null) return;
    const timer = setInterval(() => void load(), eventsRefreshMs);
    return () => clearInterval(timer);
  }, [isPaused, load, startMs]);

  // The server's word that the user's calendars changed (a push sync, a bot scheduled): read at once.
  useEffect(
    () =>
      subscribeLiveEvent(calendarLiveEvent, () => {
        if (!pause.isPaused()) void load();
      }),
    [load, pause],
  );

  const eventsRef = useRef(events);
  eventsRef.current = events;
  useNoteEvents({
    onNote(note) {
      const isOurs = eventsRef.current.some(
        (event) =>
          event.data.bot?.noteId === note.id ||
          (note.data.eventId === event.data.eventId && note.data.calendarId === event.data.calendarId),
      );
      if (isOurs && !pause.isPaused()) void load();
    },
    onReconnect: () => void load(),
  });

  const replace = (next: CalendarEvent) => setEvents((current) => current.map((event) => (event.id === next.id ? next : event)));

  const toggleJoin = (event: CalendarEvent, isEnabled: boolean) =>
    saveJoinToggle(event, isEnabled, {
      pause,
      save: setEventJoin,
      setPending: (eventId, value) =>
        setPendingJoin((current) => {
          const next = new Map(current);
          if (value === undefined) next.delete(eventId);
          else next.set(eventId, value);
          return next;
        }),
      onSaved: replace,
      alert: (key) => pushAlert({ type: "error", message: { key } }),
    });

  const sendNow = async (event: CalendarEvent) => {
    setSending((current) => new Set(current).add(event.id));
    try {
      replace(await sendBotToEvent(refOf(event)));
    } catch (error) {
      const problem = formProblem(error, t("event.sendFailed"));
      if (problem) pushAlert({ type: "error", message: problem });
    } finally {
      setSending((current) => {
        const next = new Set(current);
        next.delete(event.id);
        return next;
      });
    }
  };

  return { events, isLoading, pendingJoin, sending, isPaused, toggleJoin, sendNow, reload: () => void load() };
}
