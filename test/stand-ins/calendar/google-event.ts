import type { CalendarEvent, Occurrence } from "./calendar-event";
import { conferenceId, descriptionWithLink, linkKind } from "./meeting-links";
import type { JsonObject } from "./store";
import { dateOnly, instanceStamp, rfc3339InZone } from "./time";

// A neutral occurrence as Google Calendar v3's Event resource (research 2.1). Google leaves out false
// flags and empty fields rather than sending them, and keeps only ids and status on cancelled items.

export interface GoogleView {
  /** The account whose calendar this is (organizer.self, attendees[].self). */
  email: string;
  /** The zone dateTime offsets are written in: the request's timeZone, else the calendar's. */
  timeZone: string;
}

const etag = (updatedMs: number, version: number) => `"${updatedMs * 1000 + (version % 1000)}"`;

function time(ms: number, event: CalendarEvent, view: GoogleView): JsonObject {
  return event.allDay ? { date: dateOnly(ms) } : { dateTime: rfc3339InZone(ms, view.timeZone), timeZone: event.timeZone };
}

export const googleInstanceId = (event: CalendarEvent, originalStartMs: number) =>
  `${event.id}_${instanceStamp(originalStartMs, event.allDay)}`;

function conference(url: string): JsonObject {
  const kind = linkKind(url);
  const solution =
    kind === "meet"
      ? { key: { type: "hangoutsMeet" }, name: "Google Meet" }
      : { key: { type: "addOn" }, name: kind === "zoom" ? "Zoom Meeting" : kind === "teams" ? "Microsoft Teams Meeting" : "Video call" };
  return {
    entryPoints: [{ entryPointType: "video", uri: url, label: url.replace(/^https?:\/\//, "").split("?")[0] }],
    conferenceSolution: solution,
    conferenceId: conferenceId(url),
  };
}

/** Where the link goes: conferenceData (and hangoutLink for Meet), hangoutLink alone, location or description. */
function linkFields(item: Occurrence): JsonObject {
  const { event, meetingUrl: url } = item;
  const description = event.description;
  if (!url) return { description: description ?? undefined, location: event.location ?? undefined };
  switch (event.linkPlace) {
    case "hangoutLink":
      return { description: description ?? undefined, location: event.location ?? undefined, hangoutLink: url };
    case "location":
      return { description: description ?? undefined, location: url };
    case "description":
      return { description: descriptionWithLink(description, url), location: event.location ?? undefined };
    default:
      return {
        description: description ?? undefined,
        location: event.location ?? undefined,
        ...(linkKind(url) === "meet" ? { hangoutLink: url } : {}),
        conferenceData: conference(url),
      };
  }
}

const self = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function people(event: CalendarEvent, view: GoogleView): JsonObject {
  const organizer = event.organizer;
  return {
    creator: { email: organizer.email, ...(self(organizer.email, view.email) ? { self: true } : {}) },
    organizer: { email: organizer.email, displayName: organizer.name, ...(self(organizer.email, view.email) ? { self: true } : {}) },
    ...(event.attendees.length > 0
      ? {
          attendees: event.attendees.map((a) => ({
            email: a.email,
            displayName: a.name,
            ...(self(a.email, organizer.email) ? { organizer: true } : {}),
            ...(self(a.email, view.email) ? { self: true } : {}),
            responseStatus: a.response,
          })),
        }
      : {}),
  };
}

/** One Events resource. A series as a whole (originalStartMs null, event recurring) carries `recurrence`. */
export function googleEvent(item: Occurrence, view: GoogleView): JsonObject {
  const { event } = item;
  const instance = item.originalStartMs === null ? null : item.originalStartMs;
  const id = instance === null ? event.id : googleInstanceId(event, instance);
  const instanceFields = instance === null ? {} : { recurringEventId: event.id, originalStartTime: time(instance, event, view) };
  const base = { kind: "calendar#event", etag: etag(item.updatedMs, item.version), id };
  if (item.cancelled) return { ...base, status: "cancelled", ...instanceFields, updated: new Date(item.updatedMs).toISOString() };
  const resource: JsonObject = {
    ...base,
    status: event.status,
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${view.email}`).toString("base64url")}`,
    created: new Date(event.createdMs).toISOString(),
    updated: new Date(item.updatedMs).toISOString(),
    summary: item.title,
    ...linkFields(item),
    ...people(event, view),
    start: time(item.startMs, event, view),
    end: time(item.endMs, event, view),
    ...(instance === null && event.recurrence ? { recurrence: event.recurrence } : {}),
    ...instanceFields,
    iCalUID: event.iCalUID,
    sequence: event.sequence,
    reminders: { useDefault: true },
    eventType: "default",
  };
  // JSON.stringify drops undefined fields; removing them here keeps deep equality in tests honest too.
  for (const [name, value] of Object.entries(resource)) if (value === undefined) delete resource[name];
  return resource;
}
