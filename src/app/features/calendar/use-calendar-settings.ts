import { useCallback, useEffect, useState } from "react";
import { subscribeLiveEvent } from "~/app/api/live-events";
import { pushAlert } from "~/app/ui/alert-store";
import type { CalendarList, CalendarPreferences, ZoomConnection } from "~/shared/calendars/calendar-api";
import { fetchCalendars, fetchZoom, savePreferences } from "./queries";

/** The live stream's event for a change to the user's calendars (issue 18). */
export const calendarLiveEvent = "calendar";

/** How often the connections are read again: the events' pace, and quicker until a first sync lands. */
const listRefreshMs = 30_000;
const firstSyncRefreshMs = 2_000;

export type PreferenceKey = keyof CalendarPreferences;

export interface CalendarSettingsState {
  /** null until read, and after a failed read (spec section 8: a calendar list failure is silent). */
  list: CalendarList | null;
  zoom: ZoomConnection | null;
  isLoading: boolean;
  /** The preferences shown: the saved ones with the values being saved laid over them. */
  preferences: CalendarPreferences | null;
  /** The preferences whose PUT is in flight. */
  saving: ReadonlySet<PreferenceKey>;
  setPreference<Key extends PreferenceKey>(key: Key, value: CalendarPreferences[Key]): Promise<void>;
  reload(): Promise<void>;
}

/**
 * The calendar page's connections and toggles. A toggle shows its new value at once while the PUT is in
 * flight (the pending value), and goes back with an error alert when the save fails.
 */
export function useCalendarSettings(): CalendarSettingsState {
  const [list, setList] = useState<CalendarList | null>(null);
  const [zoom, setZoom] = useState<ZoomConnection | null>(null);
  const [isLoading, setLoading] = useState(true);
  const [pending, setPending] = useState<Partial<CalendarPreferences>>({});

  const reload = useCallback(async () => {
    const [calendars, zoomConnection] = await Promise.allSettled([fetchCalendars(), fetchZoom()]);
    // Silent on failure (spec section 8): the page shows what it could read.
    if (calendars.status === "fulfilled") setList(calendars.value);
    if (zoomConnection.status === "fulfilled") setZoom(zoomConnection.value);
    setLoading(false);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // A `calendar` event on the page's live stream (a sync finished, a grant refused) says so at once.
  useEffect(() => subscribeLiveEvent(calendarLiveEvent, () => void reload()), [reload]);

  // Connections change on the server by themselves (a first sync done, a grant found revoked, a sync
  // delayed): read them again, every few seconds while a new connection waits for its first sync.
  const isAwaitingFirstSync = list?.calendars.some((calendar) => calendar.data.status === "active" && !calendar.data.lastSyncedAt) ?? false;
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === "visible") void reload();
      },
      isAwaitingFirstSync ? firstSyncRefreshMs : listRefreshMs,
    );
    return () => clearInterval(timer);
  }, [isAwaitingFirstSync, reload]);

  const setPreference = async <Key extends PreferenceKey>(key: Key, value: CalendarPreferences[Key]) => {
    setPending((current) => ({ ...current, [key]: value }));
    try {
      const saved = await savePreferences({ [key]: value });
      setList((current) => (current ? { ...current, preferences: saved } : current));
    } catch {
      pushAlert({ type: "error", message: { key: "calendar:preferences.saveFailed" } });
    } finally {
      setPending((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
    }
  };

  const preferences = list ? { ...list.preferences, ...pending } : null;
  const saving = new Set(Object.keys(pending) as PreferenceKey[]);
  return { list, zoom, isLoading, preferences, saving, setPreference, reload };
}
