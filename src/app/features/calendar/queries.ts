// The calendar and Zoom calls of the calendar page, the Home card and the onboarding step (issue 18;
// spec section 7). Typed by the API's contract (decision 021): paths, bodies and answers are checked at
// compile time against src/shared/calendars/calendar-api.ts through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type { CalendarEvent, CalendarList, CalendarPreferences, OAuthStart, ZoomConnection } from "~/shared/calendars/calendar-api";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";

export interface EventRef {
  calendarId: string;
  eventId: string;
}

/** GET /api/calendar: connections, toggles, which providers are set up, and how events stay fresh. */
export function fetchCalendars(signal?: AbortSignal): Promise<CalendarList> {
  return call(api().GET("/calendar", { signal }));
}

/** POST /api/calendar/connect: where the browser goes for consent; the callback comes back to `returnUrl`. */
export function connectCalendar(platform: CalendarPlatform, returnUrl: string): Promise<OAuthStart> {
  return call(api().POST("/calendar/connect", { body: { platform, returnUrl } }));
}

/** POST /api/calendar/disconnect: the grant revoked, tokens and events deleted. */
export async function disconnectCalendar(platform: CalendarPlatform): Promise<void> {
  await call(api().POST("/calendar/disconnect", { body: { platform } }));
}

/** PUT /api/calendar/preferences: the toggles as saved. */
export function savePreferences(update: Partial<CalendarPreferences>): Promise<CalendarPreferences> {
  return call(api().PUT("/calendar/preferences", { body: update }));
}

/** GET /api/calendar/event: the events of a window (the view asks for 7 days). */
export async function fetchEvents(range: { start: Date; end: Date }, signal?: AbortSignal): Promise<CalendarEvent[]> {
  const query = { startDate: range.start.toISOString(), endDate: range.end.toISOString() };
  return (await call(api().GET("/calendar/event", { params: { query }, signal }))).events;
}

/** GET /api/calendar/event/active: events in progress or starting within 10 minutes, with their bot. */
export async function fetchActiveEvents(signal?: AbortSignal): Promise<CalendarEvent[]> {
  return (await call(api().GET("/calendar/event/active", { signal }))).events;
}

/** POST /api/calendar/event/join-enable or join-disable: the event as it now is. */
export async function setEventJoin(ref: EventRef, isEnabled: boolean): Promise<CalendarEvent> {
  const path = isEnabled ? "/calendar/event/join-enable" : "/calendar/event/join-disable";
  return (await call(api().POST(path, { body: ref }))).event;
}

/** POST /api/calendar/event/send-bot: the notetaker sent to this event now; the event with sentBotManually. */
export async function sendBotToEvent(ref: EventRef): Promise<CalendarEvent> {
  return (await call(api().POST("/calendar/event/send-bot", { body: ref }))).event;
}

/** GET /api/zoom: the Zoom connection (interpretations 22). */
export function fetchZoom(signal?: AbortSignal): Promise<ZoomConnection> {
  return call(api().GET("/zoom", { signal }));
}

/** POST /api/zoom/connect: Zoom's consent address; the callback comes back to `returnUrl` with ?zoom=connected. */
export function connectZoom(returnUrl: string): Promise<OAuthStart> {
  return call(api().POST("/zoom/connect", { body: { returnUrl } }));
}

/** POST /api/zoom/disconnect: the Zoom grant revoked and forgotten. */
export async function disconnectZoom(): Promise<void> {
  await call(api().POST("/zoom/disconnect"));
}
