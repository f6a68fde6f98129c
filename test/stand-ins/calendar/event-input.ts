import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Attendee, CalendarEvent, LinkPlace } from "./calendar-event";
import { type CalendarProvider, personFor } from "./identity";
import { dayMs, floatingDate, isKnownTimeZone, parseGraphInstant } from "./time";

// The control API's neutral event (one shape for both providers) and how it becomes a stored event.

export const linkPlaces = ["conference", "hangoutLink", "location", "description", "onlineMeeting"] as const;

const person = z.object({ email: z.email(), name: z.string().optional() });

export const eventInput = z.object({
  /** Default: an id shaped like the provider's (Google base32hex, Graph base64). */
  id: z.string().min(1).max(1024).optional(),
  title: z.string().default("Meeting"),
  /** ISO with an offset; without one the time is read in `timeZone`. All-day: "2026-11-25" (or any ISO, its date). */
  start: z.string(),
  /** Exclusive; for all-day events the day after the last day (a one-day event may also repeat its start date). */
  end: z.string(),
  allDay: z.boolean().default(false),
  timeZone: z.string().refine(isKnownTimeZone, "an IANA time zone").default("UTC"),
  meetingUrl: z.url().nullish(),
  where: z.enum(linkPlaces).optional(),
  description: z.string().nullish(),
  location: z.string().nullish(),
  attendees: z.array(person.extend({ response: z.enum(["accepted", "tentative", "declined", "needsAction"]).optional() })).default([]),
  /** Default: the account itself. */
  organizer: person.optional(),
  recurrence: z.array(z.string()).nullish(),
  status: z.enum(["confirmed", "tentative"]).default("confirmed"),
});
export type EventInput = z.input<typeof eventInput>;

export const eventPatch = z.object({
  email: z.email().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  title: z.string().optional(),
  meetingUrl: z.url().nullish(),
  description: z.string().nullish(),
  location: z.string().nullish(),
});
export type EventPatch = z.input<typeof eventPatch>;

export function newEventId(provider: CalendarProvider): string {
  if (provider === "microsoft") return `AAMkAGI2TG93AAA${randomBytes(48).toString("base64url")}AAA=`;
  // Google event ids are base32hex (0-9, a-v), 5 to 1024 characters.
  const alphabet = "0123456789abcdefghijklmnopqrstuv";
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join("");
}

/** An instant (timed) or a floating date (all-day); null when unreadable. */
export function readTime(value: string, allDay: boolean, timeZone: string): number | null {
  if (allDay) {
    const ms = floatingDate(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return parseGraphInstant(value, timeZone);
}

/** Google places the link by its host when the caller does not say: Meet links are conferences. */
function defaultPlace(provider: CalendarProvider): LinkPlace {
  return provider === "google" ? "conference" : "onlineMeeting";
}

export function buildEvent(
  provider: CalendarProvider,
  email: string,
  raw: z.output<typeof eventInput>,
  version: number,
): CalendarEvent | string {
  const startMs = readTime(raw.start, raw.allDay, raw.timeZone);
  let endMs = readTime(raw.end, raw.allDay, raw.timeZone);
  if (startMs === null || endMs === null) return `unreadable start or end: ${raw.start} / ${raw.end}`;
  if (raw.allDay && endMs <= startMs) endMs = startMs + dayMs;
  if (endMs <= startMs) return "end must be after start";
  const owner = personFor(email);
  const organizer = raw.organizer
    ? { email: raw.organizer.email, name: raw.organizer.name ?? personFor(raw.organizer.email).name }
    : { email, name: owner.name };
  const attendees: Attendee[] = raw.attendees.map((a) => ({
    email: a.email,
    name: a.name ?? personFor(a.email).name,
    response: a.response ?? "needsAction",
  }));
  // Both providers list the calendar's owner among the attendees of a meeting with guests.
  if (attendees.length > 0 && !attendees.some((a) => a.email.toLowerCase() === email.toLowerCase()))
    attendees.unshift({
      email,
      name: owner.name,
      response: organizer.email.toLowerCase() === email.toLowerCase() ? "accepted" : "needsAction",
    });
  const id = raw.id ?? newEventId(provider);
  const now = Date.now();
  return {
    id,
    iCalUID:
      provider === "google" ? `${id}@google.com` : `040000008200E00074C5B7101A82E008${randomBytes(28).toString("hex").toUpperCase()}`,
    title: raw.title,
    description: raw.description ?? null,
    location: raw.location ?? null,
    meetingUrl: raw.meetingUrl ?? null,
    linkPlace: raw.where ?? defaultPlace(provider),
    allDay: raw.allDay,
    startMs,
    endMs,
    timeZone: raw.timeZone,
    organizer,
    attendees,
    recurrence: raw.recurrence && raw.recurrence.length > 0 ? raw.recurrence : null,
    status: raw.status,
    deleted: false,
    createdMs: now,
    updatedMs: now,
    sequence: 0,
    version,
    latestVersion: version,
    overrides: new Map(),
  };
}

const sampleLinks = [
  "https://meet.google.com/abc-defg-hij",
  "https://us02web.zoom.us/j/81234567890?pwd=Zm9vYmFy",
  "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjA1ZTc2%40thread.v2/0?context=%7b%22Tid%22%3a%229188%22%7d",
  null,
];
const googlePlaces: LinkPlace[] = ["conference", "hangoutLink", "location", "description"];
const graphPlaces: LinkPlace[] = ["onlineMeeting", "location", "description"];

/** `count` half-hour meetings spread evenly over `days` days from `from`, links and places varied. */
export function generatedInputs(provider: CalendarProvider, count: number, fromMs: number, days: number): z.output<typeof eventInput>[] {
  const places = provider === "google" ? googlePlaces : graphPlaces;
  const step = (days * dayMs) / count;
  return Array.from({ length: count }, (_, index) => {
    // Starts land on five-minute marks, as people schedule.
    const start = fromMs + Math.floor((index * step) / 300_000) * 300_000;
    const meetingUrl = sampleLinks[index % sampleLinks.length] ?? null;
    return {
      title: `Generated meeting ${index + 1}`,
      start: new Date(start).toISOString(),
      end: new Date(start + 30 * 60_000).toISOString(),
      allDay: false,
      timeZone: "UTC",
      meetingUrl,
      where: meetingUrl?.includes("meet.google.com") && provider === "google" ? "conference" : places[index % places.length],
      attendees: [],
      status: "confirmed",
    };
  });
}
