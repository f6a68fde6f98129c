import { expandStarts, parseRecurrence } from "./recurrence";
import { floatingToInstant } from "./time";

// One neutral event that google-event.ts and graph-event.ts turn into each provider's resource. A series
// is one event with `recurrence`; its instances are computed, and a moved or cancelled instance is an
// override keyed by its original start, as both providers model exceptions.

/** Where the meeting link goes in the provider's shape. */
export type LinkPlace = "conference" | "hangoutLink" | "location" | "description" | "onlineMeeting";

export interface Attendee {
  email: string;
  name: string;
  response: "accepted" | "tentative" | "declined" | "needsAction";
}

export interface InstanceOverride {
  startMs: number;
  endMs: number;
  title: string | null;
  meetingUrl: string | null;
  cancelled: boolean;
  version: number;
  updatedMs: number;
}

export interface CalendarEvent {
  id: string;
  iCalUID: string;
  title: string;
  description: string | null;
  location: string | null;
  meetingUrl: string | null;
  linkPlace: LinkPlace;
  allDay: boolean;
  /** An instant, or for an all-day event the UTC midnight of its first date. */
  startMs: number;
  /** Exclusive: an all-day event on 25 November ends at the midnight of the 26th. */
  endMs: number;
  timeZone: string;
  organizer: { email: string; name: string };
  attendees: Attendee[];
  recurrence: string[] | null;
  status: "confirmed" | "tentative" | "cancelled";
  /** Deleted events stay as tombstones so that sync tokens and delta links can report them. */
  deleted: boolean;
  createdMs: number;
  updatedMs: number;
  sequence: number;
  /** The account's change counter when the event itself last changed. */
  version: number;
  /** The highest version of the event or any of its overrides: what an incremental sync compares. */
  latestVersion: number;
  overrides: Map<number, InstanceOverride>;
}

/** One thing on the calendar: a single event, or one instance of a series. */
export interface Occurrence {
  event: CalendarEvent;
  /** null for a single event; an instance's original start otherwise. */
  originalStartMs: number | null;
  startMs: number;
  endMs: number;
  title: string;
  meetingUrl: string | null;
  /** The event was cancelled or deleted, or this instance was. */
  cancelled: boolean;
  override: InstanceOverride | null;
  version: number;
  updatedMs: number;
}

export const isCancelled = (event: CalendarEvent) => event.deleted || event.status === "cancelled";

function occurrence(event: CalendarEvent, originalStartMs: number | null, override: InstanceOverride | null): Occurrence {
  const duration = event.endMs - event.startMs;
  return {
    event,
    originalStartMs,
    startMs: override?.startMs ?? originalStartMs ?? event.startMs,
    endMs: override?.endMs ?? (originalStartMs === null ? event.endMs : originalStartMs + duration),
    title: override?.title ?? event.title,
    meetingUrl: override?.meetingUrl ?? event.meetingUrl,
    cancelled: isCancelled(event) || (override?.cancelled ?? false),
    override,
    version: Math.max(event.version, override?.version ?? 0),
    updatedMs: Math.max(event.updatedMs, override?.updatedMs ?? 0),
  };
}

/** A series (or a single event) as one item, as Google lists it without singleEvents. */
export const wholeEvent = (event: CalendarEvent): Occurrence => occurrence(event, null, null);

/** A series' moved or cancelled instances (Google lists them beside the series without singleEvents). */
export const exceptionsOf = (event: CalendarEvent): Occurrence[] =>
  [...event.overrides].map(([start, override]) => occurrence(event, start, override));

/** The event itself when single; its instances up to `horizonMs` (overrides applied) when a series. */
export function occurrencesOf(event: CalendarEvent, horizonMs: number): Occurrence[] {
  const rule = event.recurrence ? parseRecurrence(event.recurrence, event.timeZone) : null;
  if (!rule) return [occurrence(event, null, null)];
  return expandStarts(event.startMs, event.allDay, event.timeZone, rule, horizonMs).map((start) =>
    occurrence(event, start, event.overrides.get(start) ?? null),
  );
}

/** The instant span of an occurrence for a calendar in `calendarZone` (all-day dates float). */
export function span(item: Occurrence, calendarZone: string): { start: number; end: number } {
  if (!item.event.allDay) return { start: item.startMs, end: item.endMs };
  return { start: floatingToInstant(item.startMs, calendarZone), end: floatingToInstant(item.endMs, calendarZone) };
}

/** Both providers' window rule: the event ends after the window's start and starts before its end. */
export function overlaps(item: Occurrence, fromMs: number | null, toMs: number | null, calendarZone: string): boolean {
  const { start, end } = span(item, calendarZone);
  return (fromMs === null || end > fromMs) && (toMs === null || start < toMs);
}

/** How far series expand when a request sets no end: two years from now (Google's practical horizon). */
export const defaultHorizon = () => Date.now() + 2 * 365 * 86_400_000;
