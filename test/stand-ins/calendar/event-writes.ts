import type { z } from "zod";
import { type CalendarEvent, type InstanceOverride, occurrencesOf } from "./calendar-event";
import { buildEvent, type EventPatch, type eventInput, readTime } from "./event-input";
import type { CalendarProvider } from "./identity";
import type { CalendarStore, EventBook, EventChange } from "./store";

// The writes the control API makes to calendars: seed, move, cancel, delete. Each bumps the account's
// version (what sync tokens and delta links compare) and tells push about the change.

export type WriteResult<T> = { ok: T } | { error: string; status: 400 | 404 | 409 };

type SeedInput = z.output<typeof eventInput>;

export function seedEvents(store: CalendarStore, provider: CalendarProvider, email: string, inputs: SeedInput[]): WriteResult<string[]> {
  const book = store.book(provider, email);
  const ids: string[] = [];
  const changes: EventChange[] = [];
  for (const input of inputs) {
    const owner = input.id ? store.eventOwners.get(`${provider}:${input.id}`) : undefined;
    if (owner && owner.toLowerCase() !== email.toLowerCase())
      return { error: `event ${input.id} already belongs to ${owner}`, status: 409 };
    const event = buildEvent(provider, email, input, book.version + 1);
    if (typeof event === "string") return { error: event, status: 400 };
    const existing = book.events.get(event.id);
    store.bump(book);
    // Seeding an existing id replaces it: an update, with its creation time and a higher sequence.
    if (existing) {
      event.createdMs = existing.createdMs;
      event.sequence = existing.sequence + 1;
      book.events.delete(event.id);
    }
    book.events.set(event.id, event);
    store.eventOwners.set(`${provider}:${event.id}`, book.email);
    ids.push(event.id);
    changes.push({ eventId: event.id, changeType: existing && !existing.deleted ? "updated" : "created" });
  }
  store.changed(provider, book.email, changes);
  return { ok: ids };
}

interface Located {
  book: EventBook;
  event: CalendarEvent;
  /** Set when the id names one instance of a series (`<seriesId>_<stamp>`). */
  originalStartMs: number | null;
}

/** 20261125T100000Z → that instant; 20261125 → that floating date. */
function stampToMs(stamp: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(stamp);
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

function locate(store: CalendarStore, provider: CalendarProvider, id: string, email?: string): Located | null {
  const find = (eventId: string) => {
    const owner = email ?? store.eventOwners.get(`${provider}:${eventId}`);
    const book = owner ? store.findBook(provider, owner) : null;
    const event = book?.events.get(eventId);
    return book && event && !event.deleted ? { book, event } : null;
  };
  const direct = find(id);
  if (direct) return { ...direct, originalStartMs: null };
  const cut = id.lastIndexOf("_");
  const series = cut > 0 ? find(id.slice(0, cut)) : null;
  const start = stampToMs(id.slice(cut + 1));
  if (!series?.event.recurrence || start === null) return null;
  const isInstance = occurrencesOf(series.event, start).some((item) => item.originalStartMs === start);
  return isInstance ? { ...series, originalStartMs: start } : null;
}

function overrideFor(event: CalendarEvent, originalStartMs: number): InstanceOverride {
  const existing = event.overrides.get(originalStartMs);
  if (existing) return existing;
  const created: InstanceOverride = {
    startMs: originalStartMs,
    endMs: originalStartMs + (event.endMs - event.startMs),
    title: null,
    meetingUrl: null,
    cancelled: false,
    version: 0,
    updatedMs: 0,
  };
  event.overrides.set(originalStartMs, created);
  return created;
}

function touched(store: CalendarStore, found: Located, change: EventChange["changeType"], id: string): void {
  const { book, event } = found;
  const version = store.bump(book);
  const now = Date.now();
  if (found.originalStartMs === null) {
    event.version = version;
    event.updatedMs = now;
  } else {
    const override = overrideFor(event, found.originalStartMs);
    override.version = version;
    override.updatedMs = now;
  }
  event.latestVersion = version;
  store.changed(book.provider, book.email, [{ eventId: id, changeType: change }]);
}

/** Moves and/or edits an event or one instance (which becomes an exception of its series). */
export function patchEvent(store: CalendarStore, provider: CalendarProvider, id: string, patch: EventPatch): WriteResult<CalendarEvent> {
  const found = locate(store, provider, id, patch.email);
  if (!found) return { error: `no event ${id}`, status: 404 };
  const { event } = found;
  const target = found.originalStartMs === null ? event : overrideFor(event, found.originalStartMs);
  const duration = target.endMs - target.startMs;
  const startMs = patch.start === undefined ? target.startMs : readTime(patch.start, event.allDay, event.timeZone);
  const endMs = patch.end === undefined ? (startMs ?? 0) + duration : readTime(patch.end, event.allDay, event.timeZone);
  if (startMs === null || endMs === null || endMs <= startMs) return { error: "unreadable or empty start/end", status: 400 };
  if (startMs !== target.startMs || endMs !== target.endMs) event.sequence += 1;
  target.startMs = startMs;
  target.endMs = endMs;
  if (patch.title !== undefined) target.title = patch.title;
  if (patch.meetingUrl !== undefined) target.meetingUrl = patch.meetingUrl ?? null;
  if (target === event) {
    if (patch.description !== undefined) event.description = patch.description ?? null;
    if (patch.location !== undefined) event.location = patch.location ?? null;
  }
  touched(store, found, "updated", id);
  return { ok: event };
}

/** The organizer cancels: Google keeps it as status "cancelled", Graph as isCancelled (delta: @removed). */
export function cancelEvent(store: CalendarStore, provider: CalendarProvider, id: string, email?: string): WriteResult<CalendarEvent> {
  const found = locate(store, provider, id, email);
  if (!found) return { error: `no event ${id}`, status: 404 };
  if (found.originalStartMs === null) found.event.status = "cancelled";
  else overrideFor(found.event, found.originalStartMs).cancelled = true;
  found.event.sequence += 1;
  touched(store, found, found.originalStartMs === null ? "updated" : "deleted", id);
  return { ok: found.event };
}

/** Deleted from the calendar; kept as a tombstone that incremental syncs report. */
export function deleteEvent(store: CalendarStore, provider: CalendarProvider, id: string, email?: string): WriteResult<CalendarEvent> {
  const found = locate(store, provider, id, email);
  if (!found) return { error: `no event ${id}`, status: 404 };
  if (found.originalStartMs === null) found.event.deleted = true;
  else overrideFor(found.event, found.originalStartMs).cancelled = true;
  touched(store, found, "deleted", id);
  return { ok: found.event };
}
